import { OTP_CODE_LENGTH, OTP_RESEND_SECONDS, type UserProfile, userEditBodySchema } from '@salomtv/contract';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { usePlural, useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useConfirmEmail, useEditProfile, useResendEmailCode } from '../api/profile';
import { type FieldErrors, fieldErrorsOf, refusalOf } from './account-format';
import { CodeField } from './code-field';
import { EditableRow } from './editable-row';

/**
 * Email: a new address needs the current password and waits, pending verification, until the code mailed to it
 * is confirmed here; only then is it the account's email and a sign-in name.
 */
export function EmailRow({ profile }: { profile: UserProfile }) {
  const t = useT();
  const toast = useToast();
  const edit = useEditProfile();
  const confirm = useConfirmEmail();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [resendAt, setResendAt] = useState(0);
  const refusal = refusalOf(edit.error, ['email', 'current_password'], t);
  const emailError = errors.email ?? refusal.fields.email;
  const currentError = errors.current_password ?? refusal.fields.current_password;
  // Confirming may find that another account has the address: the pending email is gone, the reason stays here.
  const clash = refusalOf(confirm.error, ['email'], t).fields.email;

  const save = () => {
    const body = { email, current_password: current };
    const parsed = userEditBodySchema.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setErrors({});
    edit.mutate(body, {
      onSuccess: (reply) => {
        const mailed = reply.profile.pending_email !== null;
        if (mailed) setResendAt(Date.now() + OTP_RESEND_SECONDS * 1000);
        confirm.reset();
        toast.show(t(mailed ? 'code_sent' : 'updated'));
        setOpen(false);
      },
    });
  };

  return (
    <EditableRow
      id="email"
      label={t('email')}
      value={profile.email ?? t('not_set')}
      open={open}
      onOpen={() => {
        setEmail(profile.pending_email ?? profile.email ?? '');
        setCurrent('');
        setErrors({});
        edit.reset();
        setOpen(true);
      }}
      onCancel={() => setOpen(false)}
      onSave={save}
      busy={edit.isPending}
      message={refusal.message}
      below={
        profile.pending_email ? (
          <PendingEmail
            email={profile.pending_email}
            confirm={confirm}
            resendAt={resendAt}
            onResent={setResendAt}
          />
        ) : clash ? (
          <div className="mt-3">
            <Alert>{clash}</Alert>
          </div>
        ) : null
      }
    >
      <Field id="account-email" label={t('email')} error={emailError} hint={t('email_code_hint')}>
        <Input
          id="account-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...describedBy('account-email', emailError, 'hint')}
        />
      </Field>
      <Field id="email-current-password" label={t('current_password')} error={currentError}>
        <Input
          id="email-current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          {...describedBy('email-current-password', currentError)}
        />
      </Field>
    </EditableRow>
  );
}

/** The address waiting for its code: the code input, and a new code after the resend pause. */
function PendingEmail({
  email,
  confirm,
  resendAt,
  onResent,
}: {
  email: string;
  confirm: ReturnType<typeof useConfirmEmail>;
  resendAt: number;
  onResent: (at: number) => void;
}) {
  const t = useT();
  const plural = usePlural();
  const toast = useToast();
  const resend = useResendEmailCode();
  const [code, setCode] = useState('');
  const wait = useCountdown(resendAt);
  const confirmRefusal = refusalOf(confirm.error, ['code', 'email'], t);
  const codeError = confirmRefusal.fields.code;
  const resendRefusal = refusalOf(resend.error, ['email'], t);
  const message =
    isApiError(resend.error) && resend.error.status === 429
      ? wait > 0
        ? plural('wait_before_new_code', wait)
        : undefined
      : (resendRefusal.fields.email ?? resendRefusal.message ?? confirmRefusal.message);

  const submit = () => {
    if (code.length !== OTP_CODE_LENGTH) return;
    resend.reset();
    confirm.mutate(code, { onSuccess: () => toast.show(t('email_confirmed')) });
  };
  const sendAgain = () => {
    confirm.reset();
    resend.mutate(undefined, {
      onSuccess: (reply) => {
        setCode('');
        onResent(Date.now() + reply.resendAfterSeconds * 1000);
        toast.show(t('code_sent'));
      },
      onError: (error) => {
        if (isApiError(error) && error.retryAfterSeconds)
          onResent(Date.now() + error.retryAfterSeconds * 1000);
      },
    });
  };

  return (
    <form
      noValidate
      className="mt-3 flex flex-col gap-3 rounded-md border border-border bg-surface-2 p-4"
      data-testid="email-pending"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <p className="break-words text-sm">
        <bdi dir="ltr">{email}</bdi>
        <span className="text-muted"> · {t('pending_verification')}</span>
      </p>
      {message ? <Alert>{message}</Alert> : null}
      <CodeField
        id="email-code"
        label={t('email_code')}
        sentTo={email}
        error={codeError}
        value={code}
        onChange={setCode}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" busy={confirm.isPending} disabled={code.length !== OTP_CODE_LENGTH}>
          {t('confirm_email')}
        </Button>
        <Button variant="ghost" size="sm" onClick={sendAgain} busy={resend.isPending} disabled={wait > 0}>
          {wait > 0 ? t('resend_code_in').replace('{seconds}', String(wait)) : t('resend_code')}
        </Button>
      </div>
    </form>
  );
}
