import { useCallback, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProfileAvatar } from '../../features/profiles/components/profile-avatar';
import { useProfileSwitch } from '../../features/profiles/components/profile-switch';
import { currentProfileOf, useProfiles } from '../../shared/api/profiles';
import { useLogout } from '../../shared/api/session';
import { useDismiss } from '../../shared/hooks/use-dismiss';
import { useT } from '../../shared/i18n/language-context';
import { ChevronDownIcon, LockIcon, UserIcon } from '../../shared/ui/icons';

const itemClass = 'block w-full px-4 py-2 text-start text-sm text-text no-underline hover:bg-surface-2';

/**
 * The signed-in viewer's menu: the profile on screen, the household's other profiles to switch to (a locked one
 * asks its PIN), Manage profiles, then My Profile, Pricing Plan, Help and Logout. A kids profile sees no account
 * or profile settings.
 */
export function ProfileMenu() {
  const t = useT();
  const logout = useLogout();
  const navigate = useNavigate();
  const reply = useProfiles().data;
  const current = currentProfileOf(reply);
  const others = reply?.profiles.filter((profile) => profile.profile_id !== reply.current) ?? [];
  const kids = current?.kids ?? false;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const choice = useProfileSwitch(() => navigate('/home'));

  const signOut = () => {
    setOpen(false);
    logout.mutate();
  };

  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label={current ? `${t('my_profile')}: ${current.name}` : t('my_profile')}
        aria-expanded={open}
        aria-controls="profile-menu"
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 items-center gap-2 rounded-md px-2 text-text hover:bg-surface-2"
        data-testid="profile-menu-button"
        data-control="profile-menu"
      >
        {current ? (
          <ProfileAvatar avatar={current.avatar} className="size-8" />
        ) : (
          <span className="inline-flex size-8 items-center justify-center rounded-full bg-surface-2 ring-1 ring-border">
            <UserIcon className="size-4" />
          </span>
        )}
        {current ? (
          <span dir="auto" className="hidden max-w-32 truncate text-sm font-medium xl:inline">
            {current.name}
          </span>
        ) : null}
        <ChevronDownIcon className="size-4 text-muted" />
      </button>
      {open ? (
        <div
          id="profile-menu"
          className="absolute end-0 z-50 mt-2 w-60 overflow-hidden rounded-md border border-border bg-surface py-1 shadow-card"
        >
          {current ? (
            <p className="flex items-center gap-3 px-4 py-2 text-sm font-semibold">
              <ProfileAvatar avatar={current.avatar} className="size-7" />
              <span dir="auto" className="truncate">
                {current.name}
              </span>
            </p>
          ) : null}
          {others.map((profile) => (
            <button
              key={profile.profile_id}
              type="button"
              className={`${itemClass} flex items-center gap-3`}
              aria-label={`${t('switch_profile')}: ${profile.name}`}
              data-testid="switch-profile"
              onClick={() => {
                setOpen(false);
                trigger.current?.focus();
                choice.switchTo(profile);
              }}
            >
              <ProfileAvatar avatar={profile.avatar} className="size-7" />
              <span dir="auto" className="min-w-0 flex-1 truncate">
                {profile.name}
              </span>
              {profile.locked ? <LockIcon className="size-4 text-muted" aria-hidden /> : null}
            </button>
          ))}
          {current && !kids ? (
            <Link to="/profiles/manage" className={itemClass} onClick={close}>
              {t('manage_profiles')}
            </Link>
          ) : null}
          <div className="my-1 border-t border-border" aria-hidden />
          {kids ? null : (
            <>
              <Link to="/userprofile" className={itemClass} onClick={close}>
                {t('my_profile')}
              </Link>
              <Link to="/pricingplan" className={itemClass} onClick={close}>
                {t('pricing_plan')}
              </Link>
            </>
          )}
          <Link to="/help" className={itemClass} onClick={close}>
            {t('help')}
          </Link>
          <button type="button" className={itemClass} onClick={signOut}>
            {t('logout')}
          </button>
        </div>
      ) : null}
      {choice.dialog}
    </div>
  );
}
