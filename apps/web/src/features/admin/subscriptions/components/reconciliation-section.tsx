import {
  type RECONCILIATION_DIFFERENCES,
  RECONCILIATION_MAX_DAYS,
  RECONCILIATION_UTC_OFFSET_HOURS,
  type ReconciliationDay,
} from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Input } from '../../../../shared/ui/input';
import { ListQueryState, ListTable } from '../../../../shared/ui/list-table';
import { reconciliationQuery } from '../api/payments';
import { formatMoney } from '../lib/money';
import { PAYMENT_PROVIDER_LABELS } from './subscription-bits';

const DAY_MS = 86_400_000;
const COLUMNS = [
  'Day',
  'Provider',
  'Paid at the provider',
  'Recorded here',
  'Refunds (there / here)',
  'Differences',
];
const cell = 'px-4 py-3';

const DIFFERENCE_LABELS: Record<(typeof RECONCILIATION_DIFFERENCES)[number], string> = {
  missing_here: 'Paid at the provider, no payment recorded here',
  missing_there: 'Recorded here, unknown to the provider',
  amount: 'Amounts differ',
  state: 'Refunded on one side only',
};

/** A Tashkent calendar day, `daysAgo` before today. */
function tashkentDay(daysAgo: number): string {
  return new Date(Date.now() + RECONCILIATION_UTC_OFFSET_HOURS * 3_600_000 - daysAgo * DAY_MS)
    .toISOString()
    .slice(0, 10);
}

const tally = (t: { count: number; amount_minor: number }, currency: string) =>
  `${t.count} · ${formatMoney(t.amount_minor, currency)}`;

function DayRows({ day }: { day: ReconciliationDay }) {
  const differs = day.differences.length > 0;
  return (
    <>
      <tr
        className={`border-t border-border ${differs ? 'bg-danger/10' : ''}`}
        data-testid="reconciliation-day"
        data-date={day.date}
        data-provider={day.provider}
        data-differences={day.differences.length}
      >
        <td className={`${cell} whitespace-nowrap`}>{day.date}</td>
        <td className={cell}>{PAYMENT_PROVIDER_LABELS[day.provider]}</td>
        <td className={`${cell} whitespace-nowrap`}>{tally(day.theirs, day.currency)}</td>
        <td className={`${cell} whitespace-nowrap ${differs ? 'font-semibold' : ''}`}>
          {tally(day.ours, day.currency)}
        </td>
        <td className={`${cell} whitespace-nowrap`}>
          {day.refunded_theirs.count} / {day.refunded_ours.count}
        </td>
        <td className={cell}>
          {differs ? (
            <span className="font-semibold text-danger">
              {day.differences.length === 1 ? '1 difference' : `${day.differences.length} differences`}
            </span>
          ) : (
            <span className="text-muted">None</span>
          )}
        </td>
      </tr>
      {differs ? (
        <tr className="bg-danger/5">
          <td colSpan={COLUMNS.length} className="px-4 pb-3">
            <ul className="flex flex-col gap-1 text-sm" data-testid="reconciliation-differences">
              {day.differences.map((difference) => (
                <li key={`${difference.kind}-${difference.provider_ref}`} data-kind={difference.kind}>
                  <span className="font-semibold">{DIFFERENCE_LABELS[difference.kind]}</span>
                  {' · '}
                  <span className="font-mono text-xs">{difference.provider_ref}</span>
                  {difference.payment_id === null ? null : ` · payment #${difference.payment_id}`}
                  {' · here '}
                  {difference.ours_minor === null ? '—' : formatMoney(difference.ours_minor, day.currency)}
                  {', there '}
                  {difference.theirs_minor === null
                    ? '—'
                    : formatMoney(difference.theirs_minor, day.currency)}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Our payments against what Payme and Click told us, per Tashkent day, with every difference named. */
export function ReconciliationSection() {
  const [from, setFrom] = useState(() => tashkentDay(6));
  const [to, setTo] = useState(() => tashkentDay(0));
  const report = useQuery({ ...reconciliationQuery(from, to), placeholderData: keepPreviousData });
  const days = report.data?.days ?? [];

  return (
    <section aria-labelledby="reconciliation-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="reconciliation-heading" className="text-xl font-semibold">
          Reconciliation
        </h2>
        <p className="mt-1 text-sm text-muted">
          Days in Tashkent time (UTC+{RECONCILIATION_UTC_OFFSET_HOURS}), at most {RECONCILIATION_MAX_DAYS} at
          once.
        </p>
      </div>
      <div className="flex flex-wrap gap-4">
        <label htmlFor="reconciliation-from" className="flex flex-col gap-1 text-xs text-muted">
          From
          <Input
            id="reconciliation-from"
            type="date"
            value={from}
            max={to}
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label htmlFor="reconciliation-to" className="flex flex-col gap-1 text-xs text-muted">
          To
          <Input
            id="reconciliation-to"
            type="date"
            value={to}
            min={from}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
      </div>
      <ListQueryState query={report} loadingLabel="Loading the reconciliation…" />
      {report.data ? (
        <ListTable
          columns={COLUMNS}
          minWidth="min-w-[880px]"
          testId="reconciliation-table"
          regionLabel="Reconciliation by day"
          busy={report.isFetching}
          empty={
            report.data.providers.length === 0
              ? 'Neither Payme nor Click is set up on this server: there is nothing to reconcile.'
              : null
          }
        >
          {days.map((day) => (
            <DayRows key={`${day.date}-${day.provider}`} day={day} />
          ))}
        </ListTable>
      ) : null}
    </section>
  );
}
