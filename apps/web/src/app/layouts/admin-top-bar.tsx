import type { AdminSettings } from '@salomtv/contract';
import { Link } from 'react-router';
import { useSaveAdminSettings } from '../../features/admin/shell/api/admin-settings';
import { AdminSearchBox } from '../../features/admin/shell/components/admin-search-box';
import { AlertsMenu } from '../../features/admin/shell/components/alerts-menu';
import { MessagesMenu } from '../../features/admin/shell/components/messages-menu';
import { SidebarIcon } from '../../features/admin/shell/components/shell-icons';
import { UserMenu } from '../../features/admin/shell/components/user-menu';
import { MenuIcon } from '../../shared/ui/icons';
import { Logo } from '../../shared/ui/logo';

export function AdminTopBar({
  menuId,
  menuOpen,
  onToggleMenu,
  settings,
  onOpenSettings,
}: {
  menuId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
  settings: AdminSettings;
  onOpenSettings: () => void;
}) {
  const save = useSaveAdminSettings();
  return (
    <header
      data-testid="admin-top-bar"
      className={`admin-bar z-30 flex h-16 items-center gap-2 border-b border-border px-3 sm:gap-3 sm:px-4 ${
        settings.sticky_header ? 'sticky top-0' : ''
      }`}
    >
      <button
        type="button"
        className="admin-bar-button inline-flex size-10 shrink-0 items-center justify-center rounded-md md:hidden"
        aria-label="Admin menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </button>
      <button
        type="button"
        className="admin-bar-button hidden size-10 shrink-0 items-center justify-center rounded-md md:inline-flex"
        aria-label="Mini sidebar"
        title="Mini sidebar"
        aria-pressed={settings.mini_sidebar}
        onClick={() => save.mutate({ mini_sidebar: !settings.mini_sidebar })}
      >
        <SidebarIcon />
      </button>
      <Link
        to="/dashboard"
        className="hidden no-underline sm:inline-flex md:hidden"
        aria-label="SalomTV admin"
      >
        <Logo />
      </Link>
      <AdminSearchBox />
      <div className="ms-auto flex shrink-0 items-center gap-1">
        <MessagesMenu />
        <AlertsMenu />
        <UserMenu onOpenSettings={onOpenSettings} />
      </div>
    </header>
  );
}
