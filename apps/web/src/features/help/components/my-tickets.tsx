import type { FeedbackTicket } from '@salomtv/contract';
import { dateTimeFormat } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/language-context';
import { htmlLangOf } from '../../../shared/i18n/translate';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { LoadingState } from '../../../shared/ui/loading-state';
import { myTicketsQuery } from '../api/feedback-api';
import { statusKeys, tagKeys } from './ticket-texts';

const statusColours: Record<FeedbackTicket['status'], string> = {
  open: 'border-focus/40 bg-focus/15 text-focus',
  answered: 'border-success/40 bg-success/15 text-success',
  closed: 'border-border bg-surface-2 text-muted',
};

const chip = 'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold';

function TicketItem({ ticket }: { ticket: FeedbackTicket }) {
  const { keyword, t } = useLanguage();
  let sentOn = ticket.created_at.slice(0, 10);
  try {
    sentOn = dateTimeFormat([htmlLangOf(keyword), 'en'], { dateStyle: 'medium' }).format(
      new Date(ticket.created_at),
    );
  } catch {
    // The ISO date stays.
  }
  return (
    <li
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-5"
      data-testid="ticket"
      data-status={ticket.status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${chip} border-border text-text`}>{t(tagKeys[ticket.tag])}</span>
        <span className={`${chip} ${statusColours[ticket.status]}`} data-testid="ticket-status">
          {t(statusKeys[ticket.status])}
        </span>
        <span className="ms-auto text-xs text-muted">
          <time dateTime={ticket.created_at}>{t('sent_on').replace('{date}', sentOn)}</time>
        </span>
      </div>
      <h3 className="break-words font-semibold">{ticket.subject}</h3>
      <p dir="auto" className="whitespace-pre-wrap break-words text-sm text-muted">
        {ticket.message}
      </p>
      {ticket.answer ? (
        <div className="rounded-md border-s-4 border-success bg-surface-2 p-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{t('our_answer')}</p>
          <p className="mt-1 whitespace-pre-wrap break-words text-sm" data-testid="ticket-answer">
            {ticket.answer}
          </p>
        </div>
      ) : null}
    </li>
  );
}

/** The viewer's own tickets with their status and the admins' answers; signed out, a way to sign in. */
export function MyTickets({ signedIn }: { signedIn: boolean }) {
  const { t } = useLanguage();
  const tickets = useQuery({ ...myTicketsQuery(), enabled: signedIn });
  return (
    <section aria-labelledby="my-tickets-title" className="flex flex-col gap-4">
      <h2 id="my-tickets-title" className="text-xl font-semibold">
        {t('your_tickets')}
      </h2>
      {!signedIn ? (
        <p className="text-muted">
          <Link to={`/signin?next=${encodeURIComponent('/help')}`}>{t('sign_in_to_see_tickets')}</Link>
        </p>
      ) : tickets.isPending ? (
        <LoadingState label={t('loading')} />
      ) : tickets.isError ? (
        <LoadFailed onRetry={() => void tickets.refetch()} />
      ) : tickets.data.items.length === 0 ? (
        <p className="text-muted">{t('no_tickets')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {tickets.data.items.map((ticket) => (
            <TicketItem key={ticket.ticket_id} ticket={ticket} />
          ))}
        </ul>
      )}
    </section>
  );
}
