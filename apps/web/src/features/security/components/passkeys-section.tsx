import { PASSKEY_NAME_MAX, type SecurityStatus } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { formatDate, formatDateTime } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { useAddPasskey, useRemoveFactor } from '../api/security';
import { PasswordDialog } from './password-dialog';

const canUsePasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/** The admin's passkeys, each with its last use and a way to remove it, and a new one for this device. */
export function PasskeysSection({
  status,
  onCodes,
}: {
  status: SecurityStatus;
  onCodes: (codes: string[]) => void;
}) {
  const { t, keyword } = useLanguage();
  const locale = htmlLangOf(keyword);
  const add = useAddPasskey();
  const remove = useRemoveFactor();
  const [name, setName] = useState(() => t('passkey_default_name'));
  const [removing, setRemoving] = useState<number | undefined>(undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name.trim(), {
      onSuccess: (reply) => {
        if (reply.recovery_codes) onCodes(reply.recovery_codes);
      },
    });
  };

  return (
    <section
      aria-labelledby="passkeys-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="passkeys-title" className="text-lg font-semibold">
        {t('passkeys')}
      </h2>
      {status.passkeys.length === 0 ? (
        <p className="text-sm text-muted">{t('no_passkeys')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border" data-testid="passkey-list">
          {status.passkeys.map((passkey) => (
            <li
              key={passkey.passkey_id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="passkey"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{passkey.name}</p>
                <p className="text-xs text-muted">
                  {formatDate(passkey.created_at, locale)} ·{' '}
                  {passkey.last_used_at
                    ? fill(t('last_used_on'), { date: formatDateTime(passkey.last_used_at, locale) ?? '' })
                    : t('not_used_yet')}
                </p>
              </div>
              <Button
                variant="danger"
                size="sm"
                onClick={() => {
                  remove.reset();
                  setRemoving(passkey.passkey_id);
                }}
              >
                {t('remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {canUsePasskeys() ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field id="passkey-name" label={t('passkey_name')} className="min-w-0 flex-1">
            <Input
              id="passkey-name"
              maxLength={PASSKEY_NAME_MAX}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
          </Field>
          <Button type="submit" busy={add.isPending} disabled={!name.trim()}>
            {t('add_passkey')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-muted">{t('passkeys_not_supported')}</p>
      )}
      {add.isError ? <Alert>{t('passkey_not_added')}</Alert> : null}
      {removing !== undefined ? (
        <PasswordDialog
          title={t('remove_factor')}
          confirmLabel={t('remove')}
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setRemoving(undefined)}
          onConfirm={(password) =>
            remove.mutate({ factor: removing, password }, { onSuccess: () => setRemoving(undefined) })
          }
        />
      ) : null}
    </section>
  );
}
