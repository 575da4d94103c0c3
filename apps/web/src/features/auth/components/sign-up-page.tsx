import { GENDERS, MIN_SIGNUP_AGE, phoneNumberSchema, signupBodySchema } from '@salomtv/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useDisplayNames } from '../../../shared/i18n/display-names';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { countryOptions } from '../../../shared/ui/country-list';
import { describedBy, Field, fieldErrorId } from '../../../shared/ui/field';
import { Input, Select } from '../../../shared/ui/input';
import { useSignUp } from '../api/sign-up';
import { AuthCard } from './auth-card';
import { type FieldErrors, fieldErrorsOf, signUpRefusal } from './form-errors';

/** The latest date of birth the age rule allows (YYYY-MM-DD), for the date input's max. */
function latestDob(): string {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - MIN_SIGNUP_AGE);
  return day.toISOString().slice(0, 10);
}

/**
 * The country a phone number belongs to, worked out in a chunk of its own (the phone-number metadata), or
 * undefined while it loads or when it cannot be told.
 */
function usePhoneCountry(phone: string): string | undefined {
  const [country, setCountry] = useState<string>();
  useEffect(() => {
    let current = true;
    void import('../../../shared/ui/phone-country').then(({ countryOfPhone }) => {
      if (current) setCountry(countryOfPhone(phone));
    });
    return () => {
      current = false;
    };
  }, [phone]);
  return country;
}

/**
 * Sign Up (/signup, spec viewer 5): first name (optional), date of birth, gender, country (every one, named in
 * the page's language, the phone number's preselected), password and the terms for the verified number; checked
 * in the browser with the server's own schema, then the new account is signed in at /home.
 */
export function SignUpPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('sign_up'));
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const phone = (location.state as { phone?: string } | null)?.phone ?? params.get('phone') ?? '';
  const [firstName, setFirstName] = useState('');
  const [dob, setDob] = useState('');
  const [gender, setGender] = useState('');
  // Until the viewer picks one, the country is the phone number's.
  const [chosenCountry, setChosenCountry] = useState<string>();
  const phoneCountry = usePhoneCountry(phone);
  const nationality = chosenCountry ?? phoneCountry ?? '';
  const locale = htmlLangOf(keyword);
  const regions = useDisplayNames(locale)?.regions;
  const countries = useMemo(() => countryOptions(locale, regions), [locale, regions]);
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
      ...(firstName.trim() ? { first_name: firstName } : {}),
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
            <>
              <Link to={`/signin?phone=${encodeURIComponent(phone)}`} className="font-semibold underline">
                {t('sign_in')}
              </Link>{' '}
              <Link
                to={`/forgotpassword?phone=${encodeURIComponent(phone)}`}
                className="font-semibold underline"
              >
                {t('forgot_your_password')}
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <p className="text-sm text-muted">
        {t('phone_number')}:{' '}
        <bdi dir="ltr" className="font-semibold text-text">
          {phone}
        </bdi>
      </p>
      <Field id="first_name" label={t('first_name_optional')} error={errorOf('first_name')}>
        <Input
          id="first_name"
          name="first_name"
          autoComplete="given-name"
          maxLength={100}
          value={firstName}
          onChange={(event) => {
            setFirstName(event.target.value);
            clear('first_name');
          }}
          {...describedBy('first_name', errorOf('first_name'))}
        />
      </Field>
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
            setChosenCountry(event.target.value);
            clear('nationality');
          }}
          {...describedBy('nationality', errorOf('nationality'))}
        >
          <option value="" disabled>
            {t('choose_country')}
          </option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
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
            <Link to="/terms" target="_blank" className="text-text underline underline-offset-4">
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
