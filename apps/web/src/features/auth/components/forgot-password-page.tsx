import { OTP_RESEND_SECONDS, passwordResetBodySchema, phoneNumberSchema } from '@salomtv/contract';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field, fieldErrorId } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { composePhone, defaultRegionFor, phoneLooksValid, splitPhone } from '../../../shared/ui/phone-number';
import { PhoneNumberInput } from '../../../shared/ui/phone-number-input';
import { useToast } from '../../../shared/ui/toast-context';
import { useSendOtp, useVerifyOtp } from '../api/otp';
import { useResetPassword } from '../api/password-reset';
import { AuthCard } from './auth-card';
import { fieldErrorsOf, retryAfterOf, sendRefusal } from './form-errors';
import { isCompleteCode, OtpCodeInput } from './otp-code-input';

type Step = 'phone' | 'code' | 'password';

/**
 * Forgot your password (/forgotpassword): the account's phone number, the code texted to it (purpose reset),
 * then a new password; back to sign-in. The answers never say whether a number has an account.
 */
export function ForgotPasswordPage() {
  const { t, plural, keyword } = useLanguage();
  useDocumentTitle(t('reset_password'));
  const navigate = useNavigate();
  const toast = useToast();
  const [step, setStep] = useState<Step>('phone');
  const [params] = useSearchParams();
  const [parts, setParts] = useState(() => splitPhone(params.get('phone'), defaultRegionFor(keyword)));
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ field?: 'phone' | 'code' | 'password'; message: string }>();
  const [retryUntil, setRetryUntil] = useState(0);
  const wait = useCountdown(retryUntil);
  const send = useSendOtp();
  const verify = useVerifyOtp();
  const reset = useResetPassword();

  const sendCode = async () => {
    const typed = composePhone(parts);
    if (!phoneNumberSchema.safeParse(typed).success || !(await phoneLooksValid(typed))) {
      setError({ field: 'phone', message: t('invalid_phone_number') });
      return;
    }
    setError(undefined);
    send.mutate(
      { phoneNumber: typed, purpose: 'reset' },
      {
        onSuccess: () => {
          setPhone(typed);
          setCode('');
          setStep('code');
        },
        onError: (failure) => {
          const seconds = retryAfterOf(failure, OTP_RESEND_SECONDS);
          if (seconds > 0) setRetryUntil(Date.now() + seconds * 1000);
          const refusal = sendRefusal(failure, t, plural, seconds);
          setError(
            refusal.phone
              ? { field: 'phone', message: refusal.phone }
              : { message: refusal.message ?? t('something_went_wrong') },
          );
        },
      },
    );
  };

  const checkCode = () => {
    if (!isCompleteCode(code)) return;
    verify.mutate(
      { phoneNumber: phone, code, purpose: 'reset' },
      {
        onSuccess: (reply) => {
          if (reply.data === 'approved') {
            setError(undefined);
            setStep('password');
          } else if (reply.data === 'pending') {
            setError({ field: 'code', message: t('invalid_otp_try_again') });
            setCode('');
          } else {
            setError({ message: t('invalid_otp_try_again') });
            setStep('phone');
          }
        },
        onError: () => setError({ field: 'code', message: t('invalid_otp_try_again') }),
      },
    );
  };

  const savePassword = () => {
    const parsed = passwordResetBodySchema.safeParse({ phone_number: phone, code, password });
    if (!parsed.success) {
      setError({
        field: 'password',
        message: fieldErrorsOf(parsed.error).password ?? t('something_went_wrong'),
      });
      return;
    }
    reset.mutate(parsed.data, {
      onSuccess: () => {
        toast.show(t('password_changed'));
        navigate('/signin', { replace: true });
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.fields.code) {
          setError({ message: t('invalid_otp_try_again') });
          setStep('phone');
        } else if (isApiError(failure) && failure.fields.password) {
          setError({ field: 'password', message: failure.fields.password });
        } else {
          setError({ message: isApiError(failure) ? failure.message : t('something_went_wrong') });
        }
      },
    });
  };

  const fieldError = (field: 'phone' | 'code' | 'password') =>
    error?.field === field ? error.message : undefined;
  const onSubmit = step === 'phone' ? sendCode : step === 'code' ? checkCode : savePassword;

  return (
    <AuthCard id="forgot-password" title={t('reset_password')} onSubmit={onSubmit}>
      {error && !error.field ? <Alert>{error.message}</Alert> : null}
      {step === 'phone' ? (
        <>
          <p className="text-sm text-muted">{t('reset_code_hint')}</p>
          <Field id="reset-phone" label={t('phone_number')} error={fieldError('phone')}>
            <PhoneNumberInput
              id="reset-phone"
              value={parts}
              onChange={(next) => {
                setParts(next);
                setError(undefined);
              }}
              codeLabel={t('country_code')}
              locale={htmlLangOf(keyword)}
              autoFocus
              describedBy={describedBy('reset-phone', fieldError('phone'))}
            />
          </Field>
          <Button type="submit" size="lg" busy={send.isPending} disabled={wait > 0 || !parts.national.trim()}>
            {wait > 0 ? `${t('send_otp')} (${wait})` : t('send_otp')}
          </Button>
        </>
      ) : null}
      {step === 'code' ? (
        <>
          <p className="text-sm text-muted">
            {t('otp_sent_to')}{' '}
            <bdi dir="ltr" className="font-semibold text-text">
              {phone}
            </bdi>
          </p>
          <Field id="reset-code" label={t('otp_code')} error={fieldError('code')}>
            <OtpCodeInput
              id="reset-code"
              value={code}
              onChange={setCode}
              invalid={Boolean(fieldError('code'))}
              describedById={fieldError('code') ? fieldErrorId('reset-code') : undefined}
            />
          </Field>
          <Button type="submit" size="lg" busy={verify.isPending} disabled={!isCompleteCode(code)}>
            {t('verify_otp')}
          </Button>
          <button
            type="button"
            className="self-start text-sm text-muted underline underline-offset-4 hover:text-text"
            onClick={() => {
              setError(undefined);
              setStep('phone');
            }}
          >
            {t('change_number')}
          </button>
        </>
      ) : null}
      {step === 'password' ? (
        <>
          <Field id="new-password" label={t('new_password')} error={fieldError('password')}>
            <Input
              id="new-password"
              name="new-password"
              type="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setError(undefined);
              }}
              {...describedBy('new-password', fieldError('password'))}
            />
          </Field>
          <Button type="submit" size="lg" busy={reset.isPending} disabled={!password}>
            {t('save')}
          </Button>
        </>
      ) : null}
      <Link to="/signin" className="text-sm text-muted underline-offset-4 hover:text-text hover:underline">
        {t('back_to_sign_in')}
      </Link>
    </AuthCard>
  );
}
