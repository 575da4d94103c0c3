import { AGE_RATINGS, type AgeRating, type ProfilesReply } from '@salomtv/contract';
import { type FormEvent, useState } from 'react';
import { useT } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { describedBy, Field } from '../../../shared/ui/field';
import { Input, Select } from '../../../shared/ui/input';
import { useToast } from '../../../shared/ui/toast-context';
import { useSetMaturityLimit, useUnlockMature } from '../api/profile-mutations';
import { pinRefusalOf } from '../lib/pin-refusal';
import { useRatingLabel } from './use-rating-label';

/** The ratings an account limit can stop at (18+ is no limit at all). */
const LIMITS = AGE_RATINGS.filter((rating) => rating !== '18+');

function usePasswordError() {
  const t = useT();
  return (error: unknown) => {
    if (!error) return undefined;
    const refusal = pinRefusalOf(error);
    if (refusal.kind === 'wrong_password') return t('password_wrong');
    if (refusal.kind === 'wait') return t('too_many_attempts');
    return refusal.kind === 'other' && refusal.message ? refusal.message : t('something_went_wrong');
  };
}

/**
 * The account's limit on every profile ("Restrict titles above <level>"), changed with the account password; and,
 * while a limit stands, showing the titles above it for the rest of this session.
 */
export function MaturityLimitSection({ reply }: { reply: ProfilesReply }) {
  const t = useT();
  const toast = useToast();
  const ratingLabel = useRatingLabel();
  const passwordError = usePasswordError();
  const save = useSetMaturityLimit();
  const unlock = useUnlockMature();
  const [limit, setLimit] = useState<string>(reply.maturity_limit ?? '');
  const [password, setPassword] = useState('');
  const [unlockPassword, setUnlockPassword] = useState('');
  const saveError = passwordError(save.error);
  const unlockError = passwordError(unlock.error);
  const changed = limit !== (reply.maturity_limit ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changed || !password) return;
    save.mutate(
      { maturity_limit: limit === '' ? null : (limit as AgeRating), password },
      {
        onSuccess: () => toast.show(t('restriction_saved'), 'success'),
        onSettled: () => setPassword(''),
      },
    );
  };

  const submitUnlock = (event: FormEvent) => {
    event.preventDefault();
    if (!unlockPassword) return;
    unlock.mutate(unlockPassword, {
      onSuccess: () => toast.show(t('restricted_shown'), 'success'),
      onSettled: () => setUnlockPassword(''),
    });
  };

  return (
    <section
      aria-labelledby="maturity-limit-title"
      className="flex flex-col gap-5 rounded-card border border-border bg-surface p-5 sm:p-6"
    >
      <div>
        <h2 id="maturity-limit-title" className="text-xl font-semibold">
          {t('restrict_titles')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('restrict_titles_hint')}</p>
      </div>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field id="maturity-limit" label={t('maturity_level')}>
          <Select id="maturity-limit" value={limit} onChange={(event) => setLimit(event.target.value)}>
            <option value="">{t('no_restriction')}</option>
            {LIMITS.map((rating) => (
              <option key={rating} value={rating}>
                {fill(t('up_to_rating'), { rating: ratingLabel(rating) })}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="maturity-limit-password" label={t('account_password')} error={saveError}>
          <Input
            id="maturity-limit-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            {...describedBy('maturity-limit-password', saveError)}
          />
        </Field>
        <Button type="submit" busy={save.isPending} disabled={!changed || !password} className="h-11">
          {t('save')}
        </Button>
      </form>
      {reply.maturity_limit && !reply.mature_unlocked ? (
        <form
          onSubmit={submitUnlock}
          noValidate
          className="grid gap-4 border-t border-border pt-5 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <Field id="unlock-password" label={t('account_password')} error={unlockError}>
            <Input
              id="unlock-password"
              type="password"
              autoComplete="current-password"
              value={unlockPassword}
              onChange={(event) => setUnlockPassword(event.target.value)}
              {...describedBy('unlock-password', unlockError)}
            />
          </Field>
          <Button
            type="submit"
            variant="secondary"
            busy={unlock.isPending}
            disabled={!unlockPassword}
            className="h-11"
          >
            {t('show_restricted')}
          </Button>
        </form>
      ) : null}
      {reply.maturity_limit && reply.mature_unlocked ? (
        <Alert tone="info">{t('restricted_shown')}</Alert>
      ) : null}
    </section>
  );
}
