import type { DashboardReply, StatCard } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { summaryQuery } from '../api/dashboard';
import { changeText, formatCount, formatMoney } from '../lib/format';
import { QueryView } from './panel';

const TONES = { up: 'text-success', down: 'text-danger', flat: 'text-muted' };
const ARROWS = { up: '▲', down: '▼', flat: '' };

function Card({
  label,
  card,
  value,
  against,
  testId,
}: {
  label: string;
  card: StatCard;
  value: string;
  against: string;
  testId: string;
}) {
  const change = changeText(card);
  return (
    <div className="rounded-card border border-border bg-surface p-4 sm:p-5" data-testid={testId}>
      <h2 className="text-sm font-medium text-muted">{label}</h2>
      {card.available ? (
        <>
          <p className="mt-2 text-3xl font-bold tabular-nums" data-testid={`${testId}-value`}>
            {value}
          </p>
          <p className="mt-2 text-sm">
            <span className={`font-semibold ${TONES[change.tone]}`}>
              {ARROWS[change.tone] ? <span aria-hidden="true">{ARROWS[change.tone]} </span> : null}
              {change.text}
            </span>{' '}
            <span className="text-muted">{against}</span>
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-muted">Not recorded yet</p>
      )}
    </div>
  );
}

/** The four stat cards: new sign-ups, customers, new titles and revenue, each against its previous period. */
export function StatCards() {
  const summary = useQuery(summaryQuery());
  return (
    <QueryView query={summary} what="the figures" empty={null}>
      {(data: DashboardReply) => (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Card
            label="New sign-ups (this week)"
            card={data.signups}
            value={formatCount(data.signups.current)}
            against={`vs ${formatCount(data.signups.previous)} last week`}
            testId="stat-signups"
          />
          <Card
            label="Customers (active and trial)"
            card={data.customers}
            value={formatCount(data.customers.current)}
            against={`vs ${formatCount(data.customers.previous)} a month ago`}
            testId="stat-customers"
          />
          <Card
            label="New titles (this month)"
            card={data.new_titles}
            value={formatCount(data.new_titles.current)}
            against={`vs ${formatCount(data.new_titles.previous)} last month`}
            testId="stat-titles"
          />
          <Card
            label="Revenue (this month)"
            card={data.revenue}
            value={formatMoney(data.revenue.current, data.revenue.currency)}
            against={`vs ${formatMoney(data.revenue.previous, data.revenue.currency)} last month`}
            testId="stat-revenue"
          />
        </div>
      )}
    </QueryView>
  );
}
