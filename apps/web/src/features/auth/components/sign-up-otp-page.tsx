import { OTP_RESEND_SECONDS, phoneNumberSchema } from '@salomtv/contract';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCountdown } from '../../../shared/hooks/use-countdown';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { composePhone, defaultRegionFor, phoneLooksValid, splitPhone } from '../../../shared/ui/phone-number';
import { PhoneNumberInput } from '../../../shared/ui/phone-number-input';
import { useSendOtp } from '../api/otp';
import { AuthCard } from './auth-card';
import { retryAfterOf, sendRefusal } from './form-errors';

/** Where the verify screen finds the number: navigation state, and `?phone=` so a reload keeps it. */
export interface OtpNavigationState {
  phone: string;
  /** When another code may be requested (ms since the epoch). */
  resendAt?: number;
}

export const verifyPath = (phone: string) => `/signupotpverify?phone=${encodeURIComponent(phone)}`;

/** Sign Up OTP (/signupotp, spec viewer 3): the phone number that receives the code, then Send code. */
export function SignUpOtpPage() {
  const { t, plural, keyword } = useLanguage();
  useDocumentTitle(t('sign_up'));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const known = (location.state as Partial<OtpNavigationState> | null)?.phone ?? params.get('phone');
  const [parts, setParts] = useState(() => splitPhone(known, defaultRegionFor(keyword)));
  const [phoneError, setPhoneError] = useState<string>();
  const [retryUntil, setRetryUntil] = useState(0);
  const wait = useCountdown(retryUntil);
  const send = useSendOtp();

  const refusal = send.isError ? sendRefusal(send.error, t, plural, wait) : {};
  const rateLimited = retryAfterOf(send.error, OTP_RESEND_SECONDS) > 0;
  const shownMessage = rateLimited ? (wait > 0 ? refusal.message : undefined) : refusal.message;
  const shownPhoneError = phoneError ?? refusal.phone;

  const submit = async () => {
    const phone = composePhone(parts);
    if (!phoneNumberSchema.safeParse(phone).success || !(await phoneLooksValid(phone))) {
      setPhoneError(t('invalid_phone_number'));
      return;
    }
    setPhoneError(undefined);
    send.mutate(
      { phoneNumber: phone, purpose: 'signup' },
      {
        onSuccess: (reply) => {
          const state: OtpNavigationState = { phone, resendAt: Date.now() + reply.resendAfterSeconds * 1000 };
          navigate(verifyPath(phone), { state });
        },
        onError: (error) => {
          const seconds = retryAfterOf(error, OTP_RESEND_SECONDS);
          if (seconds > 0) setRetryUntil(Date.now() + seconds * 1000);
        },
      },
    );
  };

  return (
    <AuthCard id="sign-up-otp" title={t('sign_up')} onSubmit={submit}>
      {shownMessage ? <Alert>{shownMessage}</Alert> : null}
      <Field id="phoneNumber" label={t('phone_number')} error={shownPhoneError}>
        <PhoneNumberInput
          id="phoneNumber"
          value={parts}
          onChange={(next) => {
            setParts(next);
            setPhoneError(undefined);
          }}
          codeLabel={t('country_code')}
          locale={htmlLangOf(keyword)}
          placeholder="90 123 45 67"
          autoFocus
          describedBy={describedBy('phoneNumber', shownPhoneError)}
        />
      </Field>
      <Button type="submit" size="lg" busy={send.isPending} disabled={wait > 0 || !parts.national.trim()}>
        {wait > 0 ? `${t('send_otp')} (${wait})` : t('send_otp')}
      </Button>
      <p className="text-sm text-muted">
        {t('already_have_an_account')}{' '}
        <Link to="/signin" className="font-semibold text-text underline underline-offset-4">
          {t('sign_in')}
        </Link>
      </p>
    </AuthCard>
  );
}
