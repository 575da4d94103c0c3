import type { Profile } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { currentProfileOf, useProfiles } from '../../../shared/api/profiles';
import { roleQuery } from '../../../shared/api/session';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { useT } from '../../../shared/i18n/language-context';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { buttonClasses } from '../../../shared/ui/button-classes';
import { LockIcon } from '../../../shared/ui/icons';
import { LoadingState } from '../../../shared/ui/loading-state';
import { ProfileAvatar } from './profile-avatar';
import { useProfileSwitch } from './profile-switch';

/** Only same-site paths may be where the choice leads (never `//other.site`). */
const sameSitePath = (next: string | null) =>
  next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : undefined;

/** A profile as a big tile: its avatar, its name, a lock when it has a PIN. */
function ProfileTile({ profile, busy, onChoose }: { profile: Profile; busy: boolean; onChoose: () => void }) {
  const t = useT();
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        disabled={busy}
        aria-busy={busy || undefined}
        data-testid="profile-tile"
        className="group flex w-32 flex-col items-center gap-3 rounded-card p-2 text-muted transition-colors hover:text-text disabled:opacity-70 sm:w-40"
      >
        <span className="relative">
          <ProfileAvatar
            avatar={profile.avatar}
            className="size-28 ring-4 ring-transparent transition group-hover:ring-text group-focus-visible:ring-focus sm:size-36"
          />
          {profile.locked ? (
            <span className="absolute end-1.5 bottom-1.5 inline-flex size-8 items-center justify-center rounded-full bg-black/80 text-white">
              <LockIcon className="size-4" />
            </span>
          ) : null}
        </span>
        <span dir="auto" className="max-w-full truncate text-base font-medium">
          {profile.name}
        </span>
        {profile.kids ? (
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-text">
            {t('kids_badge')}
          </span>
        ) : null}
        {profile.locked ? <span className="sr-only">{t('profile_locked')}</span> : null}
      </button>
    </li>
  );
}

/** /profiles "Who's watching?": the household's profiles; a choice (a locked one with its PIN) leads home. */
export function WhoIsWatchingPage() {
  const t = useT();
  useDocumentTitle(t('whos_watching'));
  const role = useQuery(roleQuery());
  const profiles = useProfiles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = sameSitePath(params.get('next')) ?? '/home';
  const choice = useProfileSwitch(() => navigate(next, { replace: true }));

  if (role.isPending || (role.data && profiles.isPending)) return <LoadingState label={t('loading')} />;
  if (!role.data) return <Navigate to={`/signin?next=${encodeURIComponent('/profiles')}`} replace />;
  if (!profiles.data) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <Alert>{t('something_went_wrong')}</Alert>
        <Button onClick={() => void profiles.refetch()}>{t('try_again')}</Button>
      </div>
    );
  }
  const current = currentProfileOf(profiles.data);
  const failed = choice.failed;

  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-10 px-4 py-14">
      <h1 className="text-center text-3xl font-bold sm:text-5xl">{t('whos_watching')}</h1>
      {failed ? (
        <Alert>
          {failed.kind === 'other' && failed.message ? failed.message : t('something_went_wrong')}
        </Alert>
      ) : null}
      <ul className="flex max-w-4xl flex-wrap justify-center gap-4 sm:gap-8">
        {profiles.data.profiles.map((profile) => (
          <ProfileTile
            key={profile.profile_id}
            profile={profile}
            busy={choice.pendingId === profile.profile_id}
            onChoose={() => choice.switchTo(profile)}
          />
        ))}
      </ul>
      {current && !current.kids ? (
        <Link to="/profiles/manage" className={buttonClasses('secondary', 'lg')}>
          {t('manage_profiles')}
        </Link>
      ) : null}
      {choice.dialog}
    </div>
  );
}
