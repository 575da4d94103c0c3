import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useLogout } from '../../shared/api/session';
import { useDismiss } from '../../shared/hooks/use-dismiss';
import { useT } from '../../shared/i18n/language-context';
import { ChevronDownIcon, UserIcon } from '../../shared/ui/icons';

const itemClass = 'block w-full px-4 py-2 text-start text-sm text-text no-underline hover:bg-surface-2';

/** The signed-in viewer's menu: My Profile, Pricing Plan, Help, Logout. */
export function ProfileMenu() {
  const t = useT();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);

  const signOut = () => {
    setOpen(false);
    logout.mutate();
  };

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={t('my_profile')}
        aria-expanded={open}
        aria-controls="profile-menu"
        onClick={() => setOpen((value) => !value)}
        className="flex h-10 items-center gap-1 rounded-md px-2 text-text hover:bg-surface-2"
      >
        <span className="inline-flex size-8 items-center justify-center rounded-full bg-surface-2 ring-1 ring-border">
          <UserIcon className="size-4" />
        </span>
        <ChevronDownIcon className="size-4 text-muted" />
      </button>
      {open ? (
        <div
          id="profile-menu"
          className="absolute end-0 z-50 mt-2 w-48 overflow-hidden rounded-md border border-border bg-surface py-1 shadow-card"
        >
          <Link to="/userprofile" className={itemClass} onClick={close}>
            {t('my_profile')}
          </Link>
          <Link to="/pricingplan" className={itemClass} onClick={close}>
            {t('pricing_plan')}
          </Link>
          <Link to="/help" className={itemClass} onClick={close}>
            {t('help')}
          </Link>
          <button type="button" className={itemClass} onClick={signOut}>
            {t('logout')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
