import { Link, NavLink } from 'react-router';
import { useT } from '../../shared/i18n/language-context';
import { useLogout } from '../../shared/session/session-api';
import { viewerNav } from './viewer-nav';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base no-underline hover:bg-surface-2 ${isActive ? 'bg-surface-2 text-text' : 'text-muted'}`;

/** The small-screen menu behind the hamburger: the same entries as the desktop header. */
export function MobileMenu({ id, signedIn }: { id: string; signedIn: boolean }) {
  const t = useT();
  const logout = useLogout();
  return (
    <nav id={id} aria-label={t('menu')} className="border-t border-border bg-bg px-3 pb-4 lg:hidden">
      <ul className="flex flex-col gap-1 pt-2">
        {viewerNav.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} className={itemClass}>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
        <li>
          <Link to="/movies" className={itemClass({ isActive: false })}>
            {t('search')}
          </Link>
        </li>
        <li className="my-2 border-t border-border" aria-hidden />
        {signedIn ? (
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
