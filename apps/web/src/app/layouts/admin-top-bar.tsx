import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { meQuery, useLogout } from '../../shared/session/session-api';
import { Button } from '../../shared/ui/button';
import { MenuIcon } from '../../shared/ui/icons';
import { Logo } from '../../shared/ui/logo';

export function AdminTopBar({
  menuId,
  menuOpen,
  onToggleMenu,
}: {
  menuId: string;
  menuOpen: boolean;
  onToggleMenu: () => void;
}) {
  const me = useQuery(meQuery()).data;
  const logout = useLogout();
  const name = me ? [me.first_name, me.last_name].filter(Boolean).join(' ') || me.phone_number : '';

  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-border bg-bg/95 px-4 backdrop-blur">
      <button
        type="button"
        className="inline-flex size-10 items-center justify-center rounded-md hover:bg-surface-2 md:hidden"
        aria-label="Admin menu"
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </button>
      <Link to="/dashboard" className="no-underline md:hidden" aria-label="SalomTV admin">
        <Logo />
      </Link>
      <div className="ms-auto flex items-center gap-3">
        <span className="hidden text-sm text-muted sm:inline" data-testid="admin-name">
          {name}
        </span>
        <Button variant="secondary" size="sm" busy={logout.isPending} onClick={() => logout.mutate()}>
          Logout
        </Button>
      </div>
    </header>
  );
}
