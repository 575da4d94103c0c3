import { OTP_RESEND_SECONDS, phoneNumberSchema } from '@salomtv/contract';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { usePlural, useT } from '../../../shared/i18n/language-context';
import { fill, sentences } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field, fieldErrorId } from '../../../shared/ui/field';
import { useToast } from '../../../shared/ui/toast-context';
import { useSendOtp, useVerifyOtp } from '../api/otp';
import { AccountExistsCard } from './account-exists-card';
import { AuthCard } from './auth-card';
import { retryAfterOf, sendRefusal } from './form-errors';
import { isCompleteCode, OtpCodeInput, triesLeftOf } from './otp-code-input';
import type { OtpNavigationState } from './sign-up-otp-page';

/** The sign-up form reads the verified number the same two ways. */
export const signUpPath = (phone: string) => `/signup?phone=${encodeURIComponent(phone)}`;

/**
 * OTP verify (/signupotpverify, spec viewer 4): the code from the SMS and Verify code. Approved goes on to
 * /signup, or stops with the ways in when the number already has an account; a wrong code may be tried again while tries remain; a dead or expired code (or a failed call) shows
 * "That code is wrong" and goes back to /signupotp (spec section 8).
 */
export function SignUpOtpVerifyPage() {
  const t = useT();
  const plural = usePlural();
  useDocumentTitle(t('verify_otp'));
  const navigate = useNavigate();
  const toast = useToast();
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as Partial<OtpNavigationState> | null;
  const phone = state?.phone ?? params.get('phone') ?? '';
  const [code, setCode] = useState('');
  const [wrong, setWrong] = useState<{ triesLeft?: number } | null>(null);
  const [accountExists, setAccountExists] = useState(false);
  const [resendAt, setResendAt] = useState(() => state?.resendAt ?? 0);
  const resendWait = useCountdown(resendAt);
  const verify = useVerifyOtp();
  const resend = useSendOtp();

  if (!phoneNumberSchema.safeParse(phone).success) return <Navigate to="/signupotp" replace />;
  if (accountExists) return <AccountExistsCard phone={phone} />;

  const backToStart = () => {
    toast.show(t('invalid_otp_try_again'), 'error');
    navigate(`/signupotp?phone=${encodeURIComponent(phone)}`, { replace: true, state: { phone } });
  };

  const submit = () => {
    if (!isCompleteCode(code)) return;
    verify.mutate(
      { phoneNumber: phone, code, purpose: 'signup' },
      {
        onSuccess: (reply) => {
          if (reply.data === 'approved' && reply.account_exists) {
            setAccountExists(true);
          } else if (reply.data === 'approved') {
            navigate(signUpPath(phone), { replace: true, state: { phone } });
          } else if (reply.data === 'pending') {
            setWrong({ triesLeft: triesLeftOf(reply.errors) });
            setCode('');
          } else {
            backToStart();
          }
        },
        onError: backToStart,
      },
    );
  };

  const sendAgain = () =>
    resend.mutate(
      { phoneNumber: phone, purpose: 'signup' },
      {
        onSuccess: (reply) => {
          setResendAt(Date.now() + reply.resendAfterSeconds * 1000);
          setWrong(null);
          toast.show(t('code_sent'));
        },
        onError: (error) => {
          const seconds = retryAfterOf(error, OTP_RESEND_SECONDS);
          if (seconds > 0) setResendAt(Date.now() + seconds * 1000);
        },
      },
    );
  const resendRefusal =
    resend.isError && !(retryAfterOf(resend.error, OTP_RESEND_SECONDS) > 0 && resendWait === 0)
      ? sendRefusal(resend.error, t, plural, resendWait).message
      : undefined;

  const codeError = wrong
    ? sentences([
        t('invalid_otp_try_again'),
        wrong.triesLeft === undefined ? '' : fill(t('tries_left'), { count: wrong.triesLeft }),
      ])
    : undefined;

  return (
    <AuthCard id="sign-up-verify" title={t('sign_up')} onSubmit={submit}>
      <p className="text-sm text-muted">
        {t('otp_sent_to')}{' '}
        <bdi dir="ltr" className="font-semibold text-text" data-testid="otp-phone">
          {phone}
        </bdi>
      </p>
      {resendRefusal ? <Alert>{resendRefusal}</Alert> : null}
      <Field id="code" label={t('otp_code')} error={codeError}>
        <OtpCodeInput
          id="code"
          value={code}
          onChange={setCode}
          invalid={Boolean(codeError)}
          describedById={codeError ? fieldErrorId('code') : undefined}
        />
      </Field>
      <Button type="submit" size="lg" busy={verify.isPending} disabled={!isCompleteCode(code)}>
        {t('verify_otp')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={sendAgain}
          disabled={resendWait > 0 || resend.isPending}
          className="text-muted underline underline-offset-4 hover:text-text disabled:cursor-not-allowed disabled:no-underline disabled:opacity-70"
        >
          {resendWait > 0 ? fill(t('resend_code_in'), { seconds: resendWait }) : t('resend_code')}
        </button>
        <Link
          to={`/signupotp?phone=${encodeURIComponent(phone)}`}
          state={{ phone }}
          className="text-muted underline-offset-4 hover:text-text hover:underline"
        >
          {t('change_number')}
        </Link>
      </div>
    </AuthCard>
  );
}
