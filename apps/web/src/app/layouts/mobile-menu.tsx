import { Link, NavLink } from 'react-router';
import { useCurrentProfile } from '../../shared/api/profiles';
import { useLogout } from '../../shared/api/session';
import { useT } from '../../shared/i18n/language-context';
import { LanguageMenu } from '../../shared/i18n/language-menu';
import { useViewerNav } from './viewer-nav';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base no-underline hover:bg-surface-2 ${isActive ? 'bg-surface-2 text-text' : 'text-muted'}`;

/**
 * The small-screen menu behind the hamburger: the desktop header's entries (its Movies goes to /movies, not the
 * spec's /player) and the profile menu's; language, search and the bell stay in the header bar itself.
 */
export function MobileMenu({ id, signedIn }: { id: string; signedIn: boolean }) {
  const t = useT();
  const logout = useLogout();
  // A kids profile has no account or profile settings to open.
  const kids = useCurrentProfile()?.kids ?? false;
  const nav = useViewerNav();
  return (
    <nav id={id} aria-label={t('menu')} className="border-t border-border bg-bg px-3 pb-4 lg:hidden">
      <div className="flex items-center justify-between gap-3 px-3 pt-3 sm:hidden">
        <span className="text-sm text-muted">{t('choose_language')}</span>
        <LanguageMenu />
      </div>
      <ul className="flex flex-col gap-1 pt-2">
        {nav.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={itemClass}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
        <li className="my-2 border-t border-border" aria-hidden />
        {signedIn ? (
          <>
            {kids ? null : (
              <>
                <li>
                  <NavLink to="/userprofile" className={itemClass}>
                    {t('my_profile')}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/pricingplan" className={itemClass}>
                    {t('pricing_plan')}
                  </NavLink>
                </li>
              </>
            )}
            <li>
              <NavLink to="/help" className={itemClass}>
                {t('help')}
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="block w-full rounded-md px-3 py-3 text-start text-base text-muted hover:bg-surface-2"
                onClick={() => logout.mutate()}
              >
                {t('logout')}
              </button>
            </li>
          </>
        ) : (
          <li>
            <Link
              to="/signin"
              className="block rounded-md bg-brand px-3 py-3 text-center font-semibold text-white no-underline"
            >
              {t('sign_in')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
