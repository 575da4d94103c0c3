import type { FeedbackTicket } from '@salomtv/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { Textarea } from '../../../../shared/ui/input';
import { useTicketAction } from '../api/feedback';
import { formatDateTime } from '../lib/format';

const STATUS_LABELS: Record<FeedbackTicket['status'], string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

/** One viewer ticket: the message as text, the answer if any, and the admin's Answer and Close actions. */
export function TicketItem({ ticket, focused }: { ticket: FeedbackTicket; focused: boolean }) {
  const [answering, setAnswering] = useState(false);
  const [answer, setAnswer] = useState(ticket.answer ?? '');
  const action = useTicketAction();
  const root = useRef<HTMLElement>(null);
  const formId = useId();
  const from = ticket.user_name ?? ticket.email ?? ticket.phone ?? 'A visitor';

  // Opened from the messages dropdown: bring the ticket into view with its answer form open (once, not again
  // when the answer changes the ticket's status).
  const closed = ticket.status === 'closed';
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly focused ticket opens its form
  useEffect(() => {
    if (!focused) return;
    root.current?.scrollIntoView({ block: 'center' });
    if (!closed) setAnswering(true);
  }, [focused]);

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) return;
    action.mutate(
      { ticketId: ticket.ticket_id, answer: answer.trim() },
      { onSuccess: () => setAnswering(false) },
    );
  };

  return (
    <article
      ref={root}
      aria-labelledby={`${formId}-subject`}
      data-testid={`ticket-${ticket.ticket_id}`}
      className={`rounded-md border p-4 ${focused ? 'border-brand' : 'border-border'}`}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded bg-surface-2 px-2 py-0.5 font-semibold ring-1 ring-border">
          {ticket.tag}
        </span>
        <span className="font-semibold" data-testid="ticket-status">
          {STATUS_LABELS[ticket.status]}
        </span>
        <span className="text-muted">
          {from} · {formatDateTime(ticket.created_at)}
        </span>
      </div>
      <h3 id={`${formId}-subject`} className="mt-2 font-semibold">
        {ticket.subject}
      </h3>
      <p className="mt-1 whitespace-pre-wrap break-words text-sm">{ticket.message}</p>
      {ticket.answer && !answering ? (
        <div className="mt-3 rounded-md bg-surface-2 p-3 text-sm">
          <p className="text-xs font-semibold text-muted">
            Answer{ticket.answered_at ? ` · ${formatDateTime(ticket.answered_at)}` : ''}
          </p>
          <p className="mt-1 whitespace-pre-wrap break-words">{ticket.answer}</p>
        </div>
      ) : null}
      {answering ? (
        <form onSubmit={send} className="mt-3 flex flex-col gap-2">
          <label htmlFor={`${formId}-answer`} className="text-sm font-semibold">
            Answer to {from}
          </label>
          <Textarea
            id={`${formId}-answer`}
            value={answer}
            maxLength={5000}
            required
            onChange={(event) => setAnswer(event.target.value)}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" busy={action.isPending && 'answer' in (action.variables ?? {})}>
              Send answer
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setAnswering(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}
      {action.isError ? (
        <div className="mt-3">
          <Alert>{action.error.message}</Alert>
        </div>
      ) : null}
      {ticket.status !== 'closed' && !answering ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => setAnswering(true)}>
            {ticket.answer ? 'Change answer' : 'Answer'}
          </Button>
          <Button
            size="sm"
            variant="danger"
            busy={action.isPending && 'close' in (action.variables ?? {})}
            onClick={() => action.mutate({ ticketId: ticket.ticket_id, close: true })}
          >
            Close ticket
          </Button>
        </div>
      ) : null}
    </article>
  );
}
