import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { roleQuery } from '../../shared/api/session';
import { useT } from '../../shared/i18n/language-context';
import { LanguageMenu } from '../../shared/i18n/language-menu';
import { buttonClasses } from '../../shared/ui/button-classes';
import { CloseIcon, MenuIcon } from '../../shared/ui/icons';
import { Logo } from '../../shared/ui/logo';
import { HeaderSearch } from './header-search';
import { MobileMenu } from './mobile-menu';
import { NotificationsButton } from './notifications-button';
import { ProfileMenu } from './profile-menu';
import { useViewerNav } from './viewer-nav';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `text-sm font-medium transition-colors hover:text-text ${isActive ? 'text-text' : 'text-muted'}`;

/**
 * The public header (spec 2.12): logo, menu, language, search, bell, sign in or the profile menu. On a phone
 * the menu and the language picker are behind the hamburger; search, the bell and the profile stay in the bar.
 */
export function ViewerHeader() {
  const t = useT();
  const role = useQuery(roleQuery()).data;
  const nav = useViewerNav();
  const location = useLocation();
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === location.key; // the mobile menu closes on every navigation

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/95 backdrop-blur">
      {/* Narrower margins under 400 px keep menu, logo, search, bell and Sign In on one line in every language. */}
      <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-1 px-3 max-[400px]:px-2 sm:gap-4 sm:px-6">
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-md hover:bg-surface-2 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={t('menu')}
          onClick={() => setMenuFor(menuOpen ? null : location.key)}
        >
          {menuOpen ? <CloseIcon /> : <MenuIcon />}
        </button>
        {/* Under 360 px the mark alone leaves room for search, the bell and Sign In in every language. */}
        <Link to="/" aria-label="SalomTV" className="shrink-0 no-underline">
          <Logo wordmarkClassName="max-[359px]:hidden" />
        </Link>
        <nav aria-label={t('menu')} className="ms-6 hidden items-center gap-6 lg:flex">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          {/* Below 640 px the language picker lives in the menu, where its list has room. */}
          <div className="hidden sm:block">
            <LanguageMenu />
          </div>
          <HeaderSearch />
          {/* On a phone the bell's panel spans the screen under the bar instead of hanging off its button. */}
          <div className="max-sm:[&_#notifications-panel]:fixed max-sm:[&_#notifications-panel]:inset-x-3 max-sm:[&_#notifications-panel]:top-16 max-sm:[&_#notifications-panel]:mt-0 max-sm:[&_#notifications-panel]:w-auto">
            <NotificationsButton />
          </div>
          {role ? (
            <ProfileMenu />
          ) : (
            <Link to="/signin" className={buttonClasses('primary', 'sm', 'whitespace-nowrap')}>
              {t('sign_in')}
            </Link>
          )}
        </div>
      </div>
      {menuOpen ? <MobileMenu id="mobile-menu" signedIn={Boolean(role)} /> : null}
    </header>
  );
}
