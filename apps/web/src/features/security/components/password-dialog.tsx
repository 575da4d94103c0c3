import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useT } from '../../../shared/i18n/language-context';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { ModalDialog } from '../../../shared/ui/modal-dialog';

/**
 * Asks for the account password before a change that weakens or replaces the account's second factors. Rendered
 * while open; `error` is the refused try's, shown at the field.
 */
export function PasswordDialog({
  title,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  confirmLabel: string;
  busy: boolean;
  error: unknown;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [password, setPassword] = useState('');
  const message = !error
    ? undefined
    : isApiError(error) && error.status === 429
      ? t('too_many_attempts')
      : isApiError(error) && error.fields.password
        ? t('password_wrong')
        : t('something_went_wrong');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) onConfirm(password);
  };

  return (
    <ModalDialog title={title} onClose={onCancel} testId="password-dialog" role="alertdialog">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field id="confirm-password" label={t('confirm_with_password')} error={message}>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            data-initial-focus
            {...describedBy('confirm-password', message)}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={busy} disabled={!password}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
