import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { latestFeedbackQuery } from '../api/latest-feedback';
import { MailIcon } from './shell-icons';
import { TopBarMenu, timeAgo } from './top-bar-menu';

/** The messages dropdown: the latest open viewer feedback tickets; each opens on the dashboard to be answered. */
export function MessagesMenu() {
  const tickets = useQuery(latestFeedbackQuery());
  const open = tickets.data?.open_count ?? 0;
  return (
    <TopBarMenu
      label={open ? `Messages, ${open} open` : 'Messages'}
      button={<MailIcon />}
      badge={open}
      testId="admin-messages"
      onOpen={() => void tickets.refetch()}
    >
      {(close) => (
        <>
          <div className="border-b border-border px-4 py-3">
            <h2 className="text-sm font-semibold">Viewer feedback</h2>
          </div>
          {tickets.isPending ? <p className="px-4 py-3 text-sm text-muted">Loading…</p> : null}
          {tickets.isError ? (
            <p className="px-4 py-3 text-sm text-danger" role="alert">
              The messages could not be loaded.{' '}
              <button type="button" className="underline" onClick={() => void tickets.refetch()}>
                Retry
              </button>
            </p>
          ) : null}
          {tickets.data?.items.length === 0 ? (
            <p className="px-4 py-3 text-sm text-muted">No open tickets: every message has an answer.</p>
          ) : null}
          <ul className="max-h-96 overflow-y-auto">
            {tickets.data?.items.map((ticket) => (
              <li key={ticket.ticket_id}>
                <Link
                  to={`/dashboard?ticket=${ticket.ticket_id}#tickets`}
                  onClick={close}
                  className="block border-b border-border px-4 py-2 text-sm text-text no-underline hover:bg-surface-2"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="truncate font-medium">{ticket.subject}</span>
                    <span className="shrink-0 rounded bg-surface-2 px-1.5 text-xs text-muted ring-1 ring-border">
                      {ticket.tag}
                    </span>
                  </span>
                  <span className="block truncate text-xs text-muted">
                    {ticket.user_name ?? ticket.email ?? ticket.phone ?? 'A visitor'} ·{' '}
                    {timeAgo(ticket.created_at)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <Link
            to="/dashboard#tickets"
            onClick={close}
            className="block px-4 py-3 text-center text-sm font-semibold text-text underline"
          >
            All tickets
          </Link>
        </>
      )}
    </TopBarMenu>
  );
}
