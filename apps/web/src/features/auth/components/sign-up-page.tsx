import {
  GENDERS,
  MIN_SIGNUP_AGE,
  NATIONALITIES,
  type Nationality,
  phoneNumberSchema,
  signupBodySchema,
} from '@salomtv/contract';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field, fieldErrorId } from '../../../shared/ui/field';
import { Input, Select } from '../../../shared/ui/input';
import { regionName } from '../../../shared/ui/phone-number';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from './auth-card';
import { type FieldErrors, fieldErrorsOf, signUpRefusal } from './form-errors';

const NATIONALITY_REGIONS: Record<Nationality, string> = { Pakistan: 'PK', India: 'IN' };

/** The latest date of birth the age rule allows (YYYY-MM-DD), for the date input's max. */
function latestDob(): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - MIN_SIGNUP_AGE);
  return day.toISOString().slice(0, 10);
}

/**
 * Sign Up (/signup, spec viewer 5): date of birth, gender, country, password and the terms for the verified
 * number; checked in the browser with the server's own schema, then the new account is signed in at /home.
 */
export function SignUpPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('sign_up'));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const phone = (location.state as { phone?: string } | null)?.phone ?? params.get('phone') ?? '';
  const [dob, setDob] = useState('');
  const [gender, setGender] = useState('');
  const [nationality, setNationality] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const signUp = useSignUp(keyword);

  if (!phoneNumberSchema.safeParse(phone).success) return <Navigate to="/signupotp" replace />;

  const serverFields = isApiError(signUp.error) ? signUp.error.fields : {};
  const errorOf = (field: string) => errors[field] ?? serverFields[field];
  const formMessage =
    signUp.isError && Object.keys(serverFields).filter((name) => name !== 'phone_number').length === 0
      ? signUpRefusal(signUp.error, t)
      : undefined;
  const needsNewCode = isApiError(signUp.error) && signUp.error.status === 403;

  const submit = () => {
    const parsed = signupBodySchema.safeParse({
      dob,
      gender,
      nationality,
      password,
      phone_number: phone,
      terms,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setErrors({});
    signUp.mutate(parsed.data, { onSuccess: () => navigate('/home', { replace: true }) });
  };
  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);

  return (
    <AuthCard id="sign-up" title={t('sign_up')} onSubmit={submit}>
      {formMessage ? (
        <Alert>
          {formMessage}{' '}
          {needsNewCode ? (
            <Link to="/signupotp" state={{ phone }} className="font-semibold underline">
              {t('send_otp')}
            </Link>
          ) : isApiError(signUp.error) && signUp.error.status === 409 ? (
            <Link to="/signin" className="font-semibold underline">
              {t('sign_in')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <p className="text-sm text-muted">
        {t('phone_number')}:{' '}
        <bdi dir="ltr" className="font-semibold text-text">
          {phone}
        </bdi>
      </p>
      <Field id="dob" label={t('date_of_birth')} error={errorOf('dob')}>
        <Input
          id="dob"
          name="dob"
          type="date"
          autoComplete="bday"
          max={latestDob()}
          value={dob}
          onChange={(event) => {
            setDob(event.target.value);
            clear('dob');
          }}
          {...describedBy('dob', errorOf('dob'))}
        />
      </Field>
      <Field id="gender" label={t('gender')} error={errorOf('gender')}>
        <Select
          id="gender"
          name="gender"
          value={gender}
          onChange={(event) => {
            setGender(event.target.value);
            clear('gender');
          }}
          {...describedBy('gender', errorOf('gender'))}
        >
          <option value="" disabled>
            {t('choose_gender')}
          </option>
          {GENDERS.map((value) => (
            <option key={value} value={value}>
              {t(value)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="nationality" label={t('country')} error={errorOf('nationality')}>
        <Select
          id="nationality"
          name="nationality"
          value={nationality}
          onChange={(event) => {
            setNationality(event.target.value);
            clear('nationality');
          }}
          {...describedBy('nationality', errorOf('nationality'))}
        >
          <option value="" disabled>
            {t('choose_country')}
          </option>
          {NATIONALITIES.map((value) => (
            <option key={value} value={value}>
              {regionName(NATIONALITY_REGIONS[value], htmlLangOf(keyword))}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="password" label={t('Password')} error={errorOf('password')}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            clear('password');
          }}
          {...describedBy('password', errorOf('password'))}
        />
      </Field>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center gap-2 text-sm text-muted">
          <input
            id="terms"
            type="checkbox"
            name="terms"
            checked={terms}
            onChange={(event) => {
              setTerms(event.target.checked);
              clear('terms');
            }}
            className="size-4 accent-brand"
            aria-invalid={errorOf('terms') ? true : undefined}
            aria-describedby={errorOf('terms') ? fieldErrorId('terms') : undefined}
          />
          <label htmlFor="terms" className="cursor-pointer">
            {t('i_accept')}{' '}
            <Link to="/pricingplan" className="text-text underline underline-offset-4">
              {t('i_accept_terms_and_conditions')}
            </Link>
          </label>
        </div>
        {errorOf('terms') ? (
          <p id={fieldErrorId('terms')} className="text-sm text-danger" role="alert">
            {errorOf('terms')}
          </p>
        ) : null}
      </div>
      <Button type="submit" size="lg" busy={signUp.isPending}>
        {t('sign_up')}
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
