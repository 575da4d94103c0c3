import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { adminAlertsQuery, useMarkAlertsRead } from '../api/admin-alerts';
import { BellIcon } from './shell-icons';
import { TopBarMenu, timeAgo } from './top-bar-menu';

/**
 * The notifications dropdown: the admin's alerts (failed transcodes, unsent texts, new subscriptions, failed
 * payments).
 */
export function AlertsMenu() {
  const alerts = useQuery(adminAlertsQuery());
  const markRead = useMarkAlertsRead();
  const unread = alerts.data?.unread ?? 0;
  return (
    <TopBarMenu
      label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      button={<BellIcon />}
      badge={unread}
      testId="admin-alerts"
      onOpen={() => void alerts.refetch()}
    >
      {(close) => (
        <>
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button
              type="button"
              className="text-xs font-semibold text-text underline disabled:no-underline disabled:opacity-60"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate()}
            >
              Mark all as read
            </button>
          </div>
          {alerts.isPending ? <p className="px-4 py-3 text-sm text-muted">Loading…</p> : null}
          {alerts.isError ? (
            <p className="px-4 py-3 text-sm text-danger" role="alert">
              The notifications could not be loaded.{' '}
              <button type="button" className="underline" onClick={() => void alerts.refetch()}>
                Retry
              </button>
            </p>
          ) : null}
          {alerts.data?.items.length === 0 ? (
            <p className="px-4 py-3 text-sm text-muted">
              No failed transcodes, unsent texts, new subscriptions or failed payments in the last 7 days.
            </p>
          ) : null}
          <ul className="max-h-96 overflow-y-auto">
            {alerts.data?.items.map((alert) => {
              const body = (
                <>
                  <span className="flex items-start justify-between gap-2">
                    <span className="font-medium">
                      {alert.unread ? <span className="sr-only">Unread: </span> : null}
                      {alert.title}
                    </span>
                    {alert.unread ? (
                      <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand" aria-hidden="true" />
                    ) : null}
                  </span>
                  <span className="block truncate text-xs text-muted">{alert.detail}</span>
                  <span className="block text-xs text-muted">{timeAgo(alert.at)}</span>
                </>
              );
              const itemClass = `block border-b border-border px-4 py-2 text-sm text-text no-underline last:border-0 ${
                alert.unread ? 'bg-surface-2' : ''
              }`;
              return (
                <li key={alert.id}>
                  {alert.link ? (
                    <Link to={alert.link} onClick={close} className={`${itemClass} hover:bg-surface-2`}>
                      {body}
                    </Link>
                  ) : (
                    <div className={itemClass}>{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </TopBarMenu>
  );
}
