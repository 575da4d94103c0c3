import type { SecurityStatus } from '@salomtv/contract';
import { useState } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { Button } from '../../../shared/ui/button';
import { useNewRecoveryCodes } from '../api/security';
import { PasswordDialog } from './password-dialog';

/** Codes just made: shown this once, until the admin says they are kept. */
export function FreshRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT();
  return (
    <section
      aria-labelledby="fresh-codes-title"
      className="flex flex-col gap-3 rounded-card border border-brand/60 bg-surface p-5 sm:p-6"
      data-testid="fresh-recovery-codes"
    >
      <h2 id="fresh-codes-title" className="text-lg font-semibold">
        {t('recovery_codes')}
      </h2>
      <p className="text-sm text-muted">{t('recovery_codes_intro')}</p>
      <ol dir="ltr" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ol>
      <div>
        <Button onClick={onDone}>{t('codes_saved')}</Button>
      </div>
    </section>
  );
}

/** How many recovery codes are left, and ten new ones in their place. */
export function RecoveryCodesSection({
  status,
  onCodes,
}: {
  status: SecurityStatus;
  onCodes: (codes: string[]) => void;
}) {
  const t = useT();
  const renew = useNewRecoveryCodes();
  const [asking, setAsking] = useState(false);
  const hasFactor = Boolean(status.totp) || status.passkeys.length > 0;

  return (
    <section
      aria-labelledby="recovery-title"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="recovery-title" className="text-lg font-semibold">
        {t('recovery_codes')}
      </h2>
      <p className="text-sm text-muted" data-testid="recovery-codes-left">
        {fill(t('recovery_codes_left'), { count: status.recovery_codes_left })}
      </p>
      {hasFactor ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              renew.reset();
              setAsking(true);
            }}
          >
            {t('new_recovery_codes')}
          </Button>
        </div>
      ) : null}
      {asking ? (
        <PasswordDialog
          title={t('new_recovery_codes')}
          confirmLabel={t('new_recovery_codes')}
          busy={renew.isPending}
          error={renew.error}
          onCancel={() => setAsking(false)}
          onConfirm={(password) =>
            renew.mutate(password, {
              onSuccess: (reply) => {
                setAsking(false);
                onCodes(reply.recovery_codes);
              },
            })
          }
        />
      ) : null}
    </section>
  );
}
