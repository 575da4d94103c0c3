import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { SECURITY_PAGE } from '../../../../shared/api/security';
import { meQuery, useLogout } from '../../../../shared/api/session';
import { useT } from '../../../../shared/i18n/language-context';
import { ownProfileQuery } from '../api/own-profile';
import { ActivityIcon, LogoutIcon, ProfileIcon, SettingsIcon } from './shell-icons';
import { TopBarMenu } from './top-bar-menu';

const itemClass =
  'flex w-full items-center gap-3 px-4 py-2 text-start text-sm text-text no-underline hover:bg-surface-2';

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter((part) => /^\p{L}/u.test(part))
    .map((part) => part[0]?.toUpperCase())
    .slice(0, 2)
    .join('');
  return letters || '#';
}

/** The admin's own name and avatar, with Profile, Activities, Settings and Logout. */
export function UserMenu({ onOpenSettings }: { onOpenSettings: () => void }) {
  const t = useT();
  const me = useQuery(meQuery()).data;
  const profile = useQuery(ownProfileQuery()).data;
  const logout = useLogout();
  const person = profile ?? me;
  const name = person
    ? [person.first_name, person.last_name].filter(Boolean).join(' ') || person.phone_number
    : '';
  const avatar = profile?.avatar ?? null;

  return (
    <TopBarMenu
      label={name ? `Account menu: ${name}` : 'Account menu'}
      testId="admin-user-menu"
      panelClassName="w-56"
      button={
        <>
          {avatar ? (
            <img src={avatar} alt="" className="size-8 rounded-full object-cover" width={32} height={32} />
          ) : (
            <span
              className="inline-flex size-8 items-center justify-center rounded-full bg-[#374151] text-xs font-bold text-white"
              aria-hidden="true"
            >
              {initials(name)}
            </span>
          )}
          <span className="hidden max-w-40 truncate text-sm font-medium sm:inline" data-testid="admin-name">
            {name}
          </span>
        </>
      }
    >
      {(close) => (
        <>
          <p className="border-b border-border px-4 py-3 text-sm">
            <span className="block text-xs text-muted">Signed in as</span>
            <span className="block truncate font-semibold">{name}</span>
          </p>
          <Link to="/userprofile" className={itemClass} onClick={close}>
            <ProfileIcon className="size-4" /> Profile
          </Link>
          <Link to={SECURITY_PAGE} className={itemClass} onClick={close}>
            <SettingsIcon className="size-4" /> {t('sign_in_security')}
          </Link>
          <Link to="/activities" className={itemClass} onClick={close}>
            <ActivityIcon className="size-4" /> Activities
          </Link>
          <button
            type="button"
            className={itemClass}
            onClick={() => {
              close();
              onOpenSettings();
            }}
          >
            <SettingsIcon className="size-4" /> Settings
          </button>
          <button
            type="button"
            className={`${itemClass} border-t border-border`}
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
          >
            <LogoutIcon className="size-4" /> Logout
          </button>
        </>
      )}
    </TopBarMenu>
  );
}
