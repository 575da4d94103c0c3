import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { Pagination } from '../../../../shared/ui/pagination';
import { TICKETS_PAGE_SIZE, type TicketFilter, ticketsQuery } from '../api/feedback';
import { Panel, QueryView } from './panel';
import { TicketItem } from './ticket-item';

const FILTERS: { value: TicketFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];
const EMPTY: Record<TicketFilter, string> = {
  open: 'No open tickets: every viewer has an answer.',
  answered: 'No answered tickets waiting to be closed.',
  closed: 'No closed tickets yet.',
  all: 'No viewer has written in yet.',
};

/** Viewer feedback tickets (tags Feature, Bug, Query, Enhancement): read, answer, close. */
export function TicketsPanel() {
  const [params] = useSearchParams();
  const focusId = Number(params.get('ticket')) || null;
  // A ticket opened from the messages dropdown may already be answered: show every status then.
  const [filter, setFilter] = useState<TicketFilter>(focusId ? 'all' : 'open');
  const [page, setPage] = useState(1);
  const [shownFocus, setShownFocus] = useState(focusId);
  if (focusId !== shownFocus) {
    // Another ticket was opened from the dropdown while the dashboard was open: show it whatever its status.
    setShownFocus(focusId);
    if (focusId) {
      setFilter('all');
      setPage(1);
    }
  }
  const tickets = useQuery(ticketsQuery(filter, page));
  const location = useLocation();
  const loaded = tickets.isSuccess;

  // "All tickets" in the messages dropdown links to /dashboard#tickets.
  useEffect(() => {
    if (loaded && location.hash === '#tickets' && !focusId)
      document.getElementById('tickets')?.scrollIntoView({ block: 'start' });
  }, [loaded, location.hash, focusId]);
  const pages = Math.max(1, Math.ceil((tickets.data?.total ?? 0) / TICKETS_PAGE_SIZE));

  return (
    <Panel
      title="Support tickets"
      id="tickets"
      actions={
        <fieldset className="flex rounded-md border border-border p-0.5 text-sm">
          <legend className="sr-only">Show tickets</legend>
          {FILTERS.map((option) => (
            <label
              key={option.value}
              className="cursor-pointer rounded px-3 py-1 text-muted has-checked:bg-brand has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-focus"
            >
              <input
                type="radio"
                name="ticket-filter"
                value={option.value}
                checked={filter === option.value}
                onChange={() => {
                  setFilter(option.value);
                  setPage(1);
                }}
                className="sr-only"
              />
              {option.label}
              {option.value === 'open' && tickets.data ? ` (${tickets.data.open_count})` : ''}
            </label>
          ))}
        </fieldset>
      }
    >
      <QueryView
        query={tickets}
        what="the tickets"
        isEmpty={(data) => data.items.length === 0}
        empty={EMPTY[filter]}
      >
        {(data) => (
          <>
            <div className="flex flex-col gap-3" aria-busy={tickets.isFetching} data-testid="tickets-list">
              {data.items.map((ticket) => (
                <TicketItem key={ticket.ticket_id} ticket={ticket} focused={ticket.ticket_id === focusId} />
              ))}
            </div>
            {pages > 1 ? (
              <Pagination
                label="Ticket pages"
                page={page}
                pageSize={TICKETS_PAGE_SIZE}
                total={tickets.data?.total ?? 0}
                onPage={setPage}
              />
            ) : null}
          </>
        )}
      </QueryView>
    </Panel>
  );
}
