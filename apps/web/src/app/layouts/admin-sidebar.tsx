import type { ComponentType, SVGProps } from 'react';
import { Link, useLocation } from 'react-router';
import {
  ArchiveIcon,
  CardIcon,
  DashboardIcon,
  FilmIcon,
  LanguageIcon,
  BellIcon as NotificationIcon,
  PostIcon,
  TagIcon,
  UsersIcon,
} from '../../features/admin/shell/components/shell-icons';
import { Logo } from '../../shared/ui/logo';
import { adminNav, isActiveEntry } from './admin-nav';

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  '/dashboard': DashboardIcon,
  '/user': UsersIcon,
  '/post': PostIcon,
  '/legalpages': PostIcon,
  '/addmovies': FilmIcon,
  '/genres': TagIcon,
  '/language': LanguageIcon,
  '/subscription': CardIcon,
  '/notification': NotificationIcon,
  '/backups': ArchiveIcon,
};

/** The admin sidebar (spec admin 8), the active entry marked; in mini mode only the icons show on wide screens. */
export function AdminSidebar({ id, open, mini }: { id: string; open: boolean; mini: boolean }) {
  const { pathname } = useLocation();
  return (
    <aside
      id={id}
      data-testid="admin-sidebar"
      className={`admin-sidebar ${open ? 'fixed inset-y-0 start-0 z-40 w-64 overflow-auto shadow-card' : 'hidden'} border-e border-border bg-surface text-text md:sticky md:top-0 md:block md:h-dvh md:shrink-0 md:shadow-none ${
        mini ? 'md:w-16' : 'md:w-60'
      }`}
    >
      <div className={`hidden h-16 items-center md:flex ${mini ? 'justify-center' : 'px-5'}`}>
        <Link to="/dashboard" className="no-underline" aria-label="SalomTV admin">
          <Logo className={mini ? '[&>span]:sr-only' : ''} />
        </Link>
      </div>
      <nav aria-label="Admin">
        <ul className={`flex flex-col gap-1 ${mini ? 'p-3 md:p-2' : 'p-3'}`}>
          {adminNav.map((entry) => {
            const active = isActiveEntry(pathname, entry);
            const Icon = ICONS[entry.to];
            return (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  title={mini ? entry.label : undefined}
                  aria-current={active ? 'page' : undefined}
                  className={`flex items-center gap-3 rounded-md border-s-4 px-3 py-2 text-sm no-underline ${
                    mini ? 'md:justify-center md:px-0' : ''
                  } ${
                    active
                      ? 'border-brand bg-surface-2 font-semibold text-text'
                      : 'border-transparent text-muted hover:bg-surface-2 hover:text-text'
                  }`}
                >
                  {Icon ? <Icon className="size-5 shrink-0" /> : null}
                  <span className={mini ? 'md:sr-only' : ''}>{entry.label}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </aside>
  );
}
