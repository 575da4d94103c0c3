import { DEFAULT_ADMIN_SETTINGS } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import {
  adminSettingsQuery,
  browserStorage,
  writeCachedSettings,
} from '../../features/admin/shell/api/admin-settings';
import { SettingsPanel } from '../../features/admin/shell/components/settings-panel';
import '../../features/admin/shell/admin-theme.css';
import { AdminSidebar } from './admin-sidebar';
import { AdminTopBar } from './admin-top-bar';

/**
 * The admin shell: sidebar, top bar (search, messages, notifications, the admin's menu), footer and the
 * settings side panel, whose choices (layout, sidebar colour, theme, mini sidebar, sticky header) are data
 * attributes that admin-theme.css turns into the design tokens. Admin screens are in English, left to right.
 */
export function AdminLayout() {
  const location = useLocation();
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const menuOpen = menuFor === location.key;
  const settingsQuery = useQuery(adminSettingsQuery());
  const settings = settingsQuery.data ?? DEFAULT_ADMIN_SETTINGS;
  const saved = settingsQuery.isPlaceholderData ? undefined : settingsQuery.data;

  useEffect(() => {
    if (saved) writeCachedSettings(browserStorage(), saved);
  }, [saved]);

  return (
    <div
      lang="en"
      dir="ltr"
      data-testid="admin-shell"
      data-layout={settings.layout}
      data-sidebar={settings.sidebar}
      data-theme={settings.theme}
      data-mini-sidebar={settings.mini_sidebar}
      data-sticky-header={settings.sticky_header}
      className="admin-shell flex min-h-dvh flex-col bg-bg text-text md:flex-row"
    >
      <AdminSidebar id="admin-sidebar" open={menuOpen} mini={settings.mini_sidebar} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminTopBar
          menuId="admin-sidebar"
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuFor(menuOpen ? null : location.key)}
          settings={settings}
          onOpenSettings={() => setSettingsOpen(true)}
        />
        <main id="main" className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
        <footer className="border-t border-border px-6 py-4 text-xs text-muted">
          © {new Date().getFullYear()} SalomTV admin
        </footer>
      </div>
      <SettingsPanel open={settingsOpen} settings={settings} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
