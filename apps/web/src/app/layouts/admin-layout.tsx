import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AdminSidebar } from './admin-sidebar';
import { AdminTopBar } from './admin-top-bar';

/** The minimal admin shell: sidebar, top bar (name, Logout), footer. Admin screens are in English, left to right. */
export function AdminLayout() {
  const location = useLocation();
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const menuOpen = menuFor === location.key;
  return (
    <div lang="en" dir="ltr" className="flex min-h-dvh flex-col bg-bg text-text md:flex-row">
      <AdminSidebar id="admin-sidebar" open={menuOpen} />
      <div className="flex min-w-0 flex-1 flex-col">
        <AdminTopBar
          menuId="admin-sidebar"
          menuOpen={menuOpen}
          onToggleMenu={() => setMenuFor(menuOpen ? null : location.key)}
        />
        <main id="main" className="flex-1 p-4 sm:p-6">
          <Outlet />
        </main>
        <footer className="border-t border-border px-6 py-4 text-xs text-muted">
          © {new Date().getFullYear()} SalomTV admin
        </footer>
      </div>
    </div>
  );
}
