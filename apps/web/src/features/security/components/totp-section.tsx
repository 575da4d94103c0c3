import type { SecurityStatus, TotpSetupReply } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { formatDate } from '../../../shared/i18n/format-date';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill, htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { CodeInput } from '../../../shared/ui/code-input';
import { describedBy, Field } from '../../../shared/ui/field';
import { useConfirmTotp, useRemoveFactor, useStartTotp } from '../api/security';
import { PasswordDialog } from './password-dialog';

/** The QR code as an image: the server's SVG, shown from a data address (no script, nothing fetched). */
const qrImage = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/** The authenticator app: set up with a QR code and its key (shown once), confirmed by a code; or removed. */
export function TotpSection({
  status,
  onCodes,
}: {
  status: SecurityStatus;
  onCodes: (codes: string[]) => void;
}) {
  const { t, keyword } = useLanguage();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const remove = useRemoveFactor();
  const [setup, setSetup] = useState<TotpSetupReply | undefined>(undefined);
  const [code, setCode] = useState('');
  const [removing, setRemoving] = useState(false);
  const codeError = confirm.isError
    ? isApiError(confirm.error) && confirm.error.status === 400
      ? t('wrong_second_factor')
      : t('something_went_wrong')
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, {
      onSuccess: (reply) => {
        setSetup(undefined);
        setCode('');
        if (reply.recovery_codes) onCodes(reply.recovery_codes);
      },
    });
  };

  return (
    <section
      aria-labelledby="totp-title"
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <h2 id="totp-title" className="text-lg font-semibold">
        {t('authenticator_app')}
      </h2>
      {status.totp ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm" data-testid="totp-on">
            {fill(t('authenticator_on'), {
              date: formatDate(status.totp.created_at, htmlLangOf(keyword)) ?? '',
            })}
          </p>
          <Button
            variant="danger"
            onClick={() => {
              remove.reset();
              setRemoving(true);
            }}
          >
            {t('remove')}
          </Button>
        </div>
      ) : setup ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-muted">{t('scan_qr_code')}</p>
          <img
            src={qrImage(setup.qr_svg)}
            alt={t('qr_code_alt')}
            width={200}
            height={200}
            className="size-50 self-start rounded-md bg-white"
          />
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('setup_key')}</span>
            <code dir="ltr" className="break-all font-mono text-base" data-testid="totp-secret">
              {setup.secret}
            </code>
          </div>
          <Field id="totp-confirm-code" label={t('app_code')} error={codeError}>
            <CodeInput
              id="totp-confirm-code"
              look="compact"
              value={code}
              onChange={setCode}
              {...describedBy('totp-confirm-code', codeError)}
            />
          </Field>
          <div>
            <Button type="submit" busy={confirm.isPending} disabled={code.length !== 6}>
              {t('verify')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3">
          {start.isError ? <Alert>{t('something_went_wrong')}</Alert> : null}
          <div>
            <Button busy={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setSetup })}>
              {t('set_up_authenticator')}
            </Button>
          </div>
        </div>
      )}
      {removing ? (
        <PasswordDialog
          title={t('remove_factor')}
          confirmLabel={t('remove')}
          busy={remove.isPending}
          error={remove.error}
          onCancel={() => setRemoving(false)}
          onConfirm={(password) =>
            remove.mutate({ factor: 'totp', password }, { onSuccess: () => setRemoving(false) })
          }
        />
      ) : null}
    </section>
  );
}
