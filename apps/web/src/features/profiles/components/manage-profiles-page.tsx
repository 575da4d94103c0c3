import type { Profile } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { currentProfileOf, useProfiles } from '../../../shared/api/profiles';
import { roleQuery } from '../../../shared/api/session';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useLanguage } from '../../../shared/i18n/language-context';
import { fill } from '../../../shared/i18n/translate';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { LockIcon, PlusIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/loading-state';
import { firstFreeAvatar } from '../lib/avatars';
import { MaturityLimitSection } from './maturity-limit-section';
import { ProfileAvatar } from './profile-avatar';
import { ProfileForm } from './profile-form';
import { useRatingLabel } from './use-rating-label';

const badge = 'rounded-full border border-border px-2 py-0.5 text-xs text-muted';

function ProfileRow({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const { t } = useLanguage();
  const ratingLabel = useRatingLabel();
  return (
    <li className="flex items-center gap-4 py-4" data-testid="manage-profile">
      <ProfileAvatar avatar={profile.avatar} className="size-14" />
      <div className="min-w-0 flex-1">
        <p dir="auto" className="truncate font-semibold">
          {profile.name}
        </p>
        <p className="mt-1 flex flex-wrap gap-2">
          {profile.owner ? <span className={badge}>{t('account_owner')}</span> : null}
          {profile.kids ? <span className={badge}>{t('kids_badge')}</span> : null}
          <span className={badge}>{ratingLabel(profile.maturity)}</span>
          {profile.locked ? (
            <span className={`${badge} inline-flex items-center gap-1`}>
              <LockIcon className="size-3" aria-hidden />
              {t('profile_locked')}
            </span>
          ) : null}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onEdit}
        aria-label={`${t('edit_profile')}: ${profile.name}`}
      >
        {t('edit')}
      </Button>
    </li>
  );
}

/**
 * /profiles/manage: the household's profiles, each with its settings, PIN and Delete; Add profile up to the plan's
 * limit; and the account's maturity limit. A kids profile manages none of it.
 */
export function ManageProfilesPage() {
  const { t, keyword } = useLanguage();
  useDocumentTitle(t('manage_profiles'));
  const role = useQuery(roleQuery());
  const profiles = useProfiles();
  // The profile being edited (its id), a new one, or none.
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  if (role.isPending || (role.data && profiles.isPending)) return <LoadingState label={t('loading')} />;
  if (!role.data) return <Navigate to={`/signin?next=${encodeURIComponent('/profiles/manage')}`} replace />;
  const reply = profiles.data;
  if (!reply) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <Alert>{t('something_went_wrong')}</Alert>
        <Button onClick={() => void profiles.refetch()}>{t('try_again')}</Button>
      </div>
    );
  }
  const current = currentProfileOf(reply);
  const full = reply.profiles.length >= reply.max;
  const edited = typeof editing === 'number' ? reply.profiles.find((p) => p.profile_id === editing) : null;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold sm:text-4xl">{t('manage_profiles')}</h1>
        <Link to="/profiles" className={buttonClasses('secondary')}>
          {t('done')}
        </Link>
      </div>
      {current?.kids ? (
        <Alert tone="info">{t('kids_cannot_manage')}</Alert>
      ) : editing === 'new' || edited ? (
        <ProfileForm
          key={editing}
          profile={edited ?? null}
          max={reply.max}
          defaults={{ avatar: firstFreeAvatar(reply.profiles.map((p) => p.avatar)), language: keyword }}
          onDone={() => setEditing(null)}
        />
      ) : (
        <>
          <section
            aria-labelledby="profiles-list-title"
            className="rounded-card border border-border bg-surface px-5 sm:px-6"
          >
            <h2 id="profiles-list-title" className="sr-only">
              {t('manage_profiles')}
            </h2>
            <ul className="divide-y divide-border">
              {reply.profiles.map((profile) => (
                <ProfileRow
                  key={profile.profile_id}
                  profile={profile}
                  onEdit={() => setEditing(profile.profile_id)}
                />
              ))}
            </ul>
            <div className="flex flex-col gap-3 border-t border-border py-4">
              <div>
                <Button
                  variant="primary"
                  disabled={full}
                  onClick={() => setEditing('new')}
                  data-testid="add-profile"
                >
                  <PlusIcon className="size-4" />
                  {t('add_profile')}
                </Button>
              </div>
              {full ? (
                <p className="text-sm text-muted" data-testid="profile-limit">
                  {fill(t('profile_limit_reached'), { max: reply.max })}
                </p>
              ) : null}
            </div>
          </section>
          <MaturityLimitSection key={reply.maturity_limit ?? 'none'} reply={reply} />
        </>
      )}
    </div>
  );
}
