import { SECOND_STEP_NEEDED } from '@salomtv/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { profilesQuery } from '../../../shared/api/profiles';
import { useReplacePrerenderedPage } from '../../../shared/hooks/prerendered-page';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { defaultRegionFor, splitPhone } from '../../../shared/ui/phone-number';
import { PhoneNumberInput } from '../../../shared/ui/phone-number-input';
import { useLogin } from '../api/login';
import { afterSignInPath } from '../lib/safe-next';
import { signInErrorMessage, signInNameError } from './sign-in-error';

/**
 * Sign In (spec 2.2): phone or email, password, Remember me; `user` goes home, `admin` to the dashboard. The number
 * is typed as on sign-up, beside its country: the server reads its national form in that country.
 */
export function SignInPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('sign_in'));
  // The server painted this page as it starts (app/prerender/page-shells.tsx): the app's render takes its place.
  useReplacePrerenderedPage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const queryClient = useQueryClient();
  // Sign-up sends a number that already has an account here with it.
  const [parts, setParts] = useState(() => {
    const known = params.get('phone');
    const split = splitPhone(known, defaultRegionFor(keyword));
    return known && !split.national ? { ...split, national: known } : split;
  });
  const name = parts.national.trim();
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  const nameError = login.isError ? signInNameError(login.error, t) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { phone_number: name, country: parts.iso, password, remember_me: remember },
      {
        onSuccess: async (role) => {
          if (role === SECOND_STEP_NEEDED) {
            const next = params.get('next');
            navigate(`/signin/second-factor${next ? `?${new URLSearchParams({ next })}` : ''}`);
            return;
          }
          // A household of several profiles answers "Who's watching?" first.
          const profiles =
            role === 'user'
              ? await queryClient
                  .fetchQuery({ ...profilesQuery(), staleTime: 0 })
                  .then((reply) => reply.profiles.length)
                  .catch(() => 1)
              : 1;
          navigate(afterSignInPath(role, params.get('next'), profiles), { replace: true });
        },
      },
    );
  };

  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="sign-in-title"
        className="flex w-full max-w-md flex-col gap-5 rounded-card border border-border bg-surface p-6 shadow-card sm:p-10"
      >
        <h1 id="sign-in-title" className="text-3xl font-bold">
          {t('sign_in')}
        </h1>
        {login.isError && !nameError ? <Alert>{signInErrorMessage(login.error, t)}</Alert> : null}
        <Field id="phone_number" label={t('phone_number')} error={nameError}>
          <PhoneNumberInput
            id="phone_number"
            value={parts}
            onChange={(next) => {
              setParts(next);
              if (login.isError) login.reset();
            }}
            codeLabel={t('country_code')}
            locale={htmlLangOf(keyword)}
            placeholder={t('email_or_phone_number')}
            acceptsEmail
            describedBy={describedBy('phone_number', nameError)}
          />
        </Field>
        <Field id="password" label={t('Password')}>
          <Input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        <Button type="submit" size="lg" busy={login.isPending} disabled={!name || !password}>
          {t('sign_in')}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <label className="inline-flex cursor-pointer items-center gap-2 text-muted">
            <input
              type="checkbox"
              name="remember_me"
              checked={remember}
              onChange={(event) => setRemember(event.target.checked)}
              className="size-4 accent-brand"
            />
            {t('remember_me')}
          </label>
          <Link
            to="/forgotpassword"
            className="text-muted underline-offset-4 hover:text-text hover:underline"
          >
            {t('forgot_your_password')}
          </Link>
        </div>
        <p className="text-sm text-muted">
          {t('dont_have_an_account')}{' '}
          <Link to="/signupotp" className="font-semibold text-text underline underline-offset-4">
            {t('sign_up_u')}
          </Link>
        </p>
      </form>
    </div>
  );
}
