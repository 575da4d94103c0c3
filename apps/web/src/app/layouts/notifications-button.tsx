import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { unreadCountQuery } from '../../features/notifications/api/notifications-api';
import { roleQuery } from '../../shared/api/session';
import { useDismiss } from '../../shared/hooks/use-dismiss';
import { useT } from '../../shared/i18n/language-context';
import { fill } from '../../shared/i18n/translate';
import { buttonClasses } from '../../shared/ui/button-classes';
import { BellIcon } from '../../shared/ui/icons';
import { Spinner } from '../../shared/ui/loading-state';

// The panel's code loads with its first opening: every page has the bell, few open it.
const NotificationsPanel = lazy(() =>
  import('../../features/notifications/components/notifications-panel').then((m) => ({
    default: m.NotificationsPanel,
  })),
);

/** The bell (spec viewer 12): the unread count, polled, and a panel with the viewer's notifications. */
export function NotificationsButton() {
  const t = useT();
  const signedIn = Boolean(useQuery(roleQuery()).data);
  const unread = useQuery({ ...unreadCountQuery(), enabled: signedIn }).data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(root, open, close);
  const label =
    signedIn && unread > 0 ? fill(t('notifications_unread'), { count: unread }) : t('notifications');

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls="notifications-panel"
        data-testid="notifications-button"
        data-control="notifications"
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex size-10 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-text"
      >
        <BellIcon />
        {signedIn && unread > 0 ? (
          <span
            data-testid="notifications-badge"
            aria-hidden
            className="absolute end-0.5 top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-brand px-1 text-[11px] font-bold leading-none text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          id="notifications-panel"
          className="absolute end-0 z-50 mt-2 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col rounded-md border border-border bg-surface shadow-card"
        >
          {signedIn ? (
            <Suspense
              fallback={
                <div className="flex justify-center p-6">
                  <Spinner />
                </div>
              }
            >
              <NotificationsPanel onNavigate={close} />
            </Suspense>
          ) : (
            <div className="flex flex-col gap-3 p-4">
              <p className="text-sm font-semibold">{t('notifications')}</p>
              <p className="text-sm text-muted">{t('notifications_sign_in')}</p>
              <Link to="/signin" onClick={close} className={buttonClasses('primary', 'sm', 'self-start')}>
                {t('sign_in')}
              </Link>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
