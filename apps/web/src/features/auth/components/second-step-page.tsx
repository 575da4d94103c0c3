import { NO_PENDING_SIGN_IN } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n/language-context';
import type { Translate } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { CodeInput } from '../../../shared/ui/code-input';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input } from '../../../shared/ui/input';
import { LoadingState } from '../../../shared/ui/loading-state';
import { pendingSignInQuery, useSecondStep } from '../api/second-step';
import { afterSignInPath } from '../lib/safe-next';
import { AuthCard } from './auth-card';

/** The message of a refused second step, in the viewer's language. */
function secondStepError(error: unknown, t: Translate): string {
  if (!isApiError(error)) {
    // The browser's own refusal of the passkey prompt (cancelled, timed out, no matching key).
    return t('passkey_not_accepted');
  }
  if (error.code === 'wrong_second_factor') return t('wrong_second_factor');
  if (error.status === 429) return t('too_many_attempts');
  if (error.code === NO_PENDING_SIGN_IN) return t('sign_in_expired');
  return t('something_went_wrong');
}

/**
 * The second step of a sign-in (/signin/second-factor): the password was right, and the account's second factor
 * finishes it: a code from the authenticator app, a passkey, or one of the recovery codes.
 */
export function SecondStepPage() {
  const t = useT();
  useDocumentTitle(t('second_step_title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const pending = useQuery(pendingSignInQuery());
  const step = useSecondStep();
  const methods = pending.data?.methods ?? [];
  const [mode, setMode] = useState<'totp' | 'recovery_code' | undefined>(undefined);
  const shown = mode ?? (methods.includes('totp') ? 'totp' : undefined);
  const [code, setCode] = useState('');

  if (pending.isPending) return <LoadingState label={t('loading')} />;
  if (pending.isError) {
    const expired = isApiError(pending.error) && pending.error.status === 401;
    return (
      <AuthCard id="second-step" title={t('second_step_title')} onSubmit={() => undefined}>
        <Alert>{expired ? t('sign_in_expired') : t('something_went_wrong')}</Alert>
        <Link to="/signin" className="font-semibold underline underline-offset-4">
          {t('back_to_sign_in')}
        </Link>
      </AuthCard>
    );
  }

  const finish = (body: Parameters<typeof step.mutate>[0]) =>
    step.mutate(body, {
      onSuccess: ({ role }) => navigate(afterSignInPath(role, params.get('next')), { replace: true }),
    });
  const error = step.isError ? secondStepError(step.error, t) : undefined;
  const switchTo = (next: 'totp' | 'recovery_code') => {
    setMode(next);
    setCode('');
    step.reset();
  };

  return (
    <AuthCard
      id="second-step"
      title={t('second_step_title')}
      onSubmit={() => shown && code && finish({ method: shown, code })}
    >
      <p className="text-sm text-muted">{t('second_step_intro')}</p>
      {error ? <Alert id="second-step-error">{error}</Alert> : null}
      {shown === 'totp' ? (
        <Field id="totp-code" label={t('authenticator_code')}>
          <CodeInput
            id="totp-code"
            name="totp-code"
            value={code}
            onChange={setCode}
            autoFocus
            {...describedBy('totp-code', error)}
          />
        </Field>
      ) : null}
      {shown === 'recovery_code' ? (
        <Field id="recovery-code" label={t('recovery_code')}>
          <Input
            id="recovery-code"
            name="recovery-code"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="font-mono"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoFocus
          />
        </Field>
      ) : null}
      {shown ? (
        <Button type="submit" size="lg" busy={step.isPending} disabled={!code}>
          {t('verify')}
        </Button>
      ) : null}
      <div className="flex flex-col items-start gap-3 text-sm">
        {methods.includes('passkey') ? (
          <Button
            variant={shown ? 'secondary' : 'primary'}
            size={shown ? 'md' : 'lg'}
            busy={step.isPending && step.variables?.method === 'passkey'}
            onClick={() => finish({ method: 'passkey' })}
          >
            {t('use_passkey')}
          </Button>
        ) : null}
        {methods.includes('totp') && shown !== 'totp' ? (
          <button type="button" className="underline underline-offset-4" onClick={() => switchTo('totp')}>
            {t('use_authenticator_code')}
          </button>
        ) : null}
        {methods.includes('recovery_code') && shown !== 'recovery_code' ? (
          <button
            type="button"
            className="underline underline-offset-4"
            onClick={() => switchTo('recovery_code')}
          >
            {t('use_recovery_code')}
          </button>
        ) : null}
        <Link to="/signin" className="text-muted underline-offset-4 hover:text-text hover:underline">
          {t('back_to_sign_in')}
        </Link>
      </div>
    </AuthCard>
  );
}
