import type { SecurityStatus } from '@salomtv/contract';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { useSetPolicy } from '../api/security';

/** The site's policy: whether every admin must have a second factor (the server's setting may decide it). */
export function PolicySection({ status }: { status: SecurityStatus }) {
  const t = useT();
  const setPolicy = useSetPolicy();
  const hasFactor = Boolean(status.totp) || status.passkeys.length > 0;
  const locked = status.policy.set_by_environment || (!status.policy.required && !hasFactor);

  return (
    <section
      aria-labelledby="policy-title"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="policy-title" className="sr-only">
        {t('require_second_factor')}
      </h2>
      <label className="inline-flex cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={status.policy.required}
          disabled={locked || setPolicy.isPending}
          onChange={(event) => setPolicy.mutate(event.target.checked)}
        />
        <span className="font-medium">{t('require_second_factor')}</span>
      </label>
      {status.policy.set_by_environment ? (
        <p className="text-sm text-muted">{t('set_by_server')}</p>
      ) : !hasFactor && !status.policy.required ? (
        <p className="text-sm text-muted">{t('add_own_factor_first')}</p>
      ) : null}
      {setPolicy.isError ? <Alert>{t('something_went_wrong')}</Alert> : null}
    </section>
  );
}
