import { Link, useLocation } from 'react-router';
import { Logo } from '../../shared/ui/logo';
import { adminNav, isActiveEntry } from './admin-nav';

export function AdminSidebar({ id, open }: { id: string; open: boolean }) {
  const { pathname } = useLocation();
  return (
    <aside
      id={id}
      className={`${open ? 'fixed inset-y-0 start-0 z-40 w-64 overflow-auto shadow-card' : 'hidden'} border-e border-border bg-surface md:sticky md:top-0 md:block md:h-dvh md:w-60 md:shrink-0 md:shadow-none`}
    >
      <div className="hidden h-16 items-center px-5 md:flex">
        <Link to="/dashboard" className="no-underline" aria-label="SalomTV admin">
          <Logo />
        </Link>
      </div>
      <nav aria-label="Admin">
        <ul className="flex flex-col gap-1 p-3">
          {adminNav.map((entry) => {
            const active = isActiveEntry(pathname, entry);
            return (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  aria-current={active ? 'page' : undefined}
                  className={`block rounded-md border-s-4 px-3 py-2 text-sm no-underline ${
                    active
                      ? 'border-brand bg-surface-2 font-semibold text-text'
                      : 'border-transparent text-muted hover:bg-surface-2 hover:text-text'
                  }`}
                >
                  {entry.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
