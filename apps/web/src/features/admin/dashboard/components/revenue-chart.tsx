import { REVENUE_PERIODS, type RevenueReply } from '@salomtv/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type RevenuePeriod, revenueQuery } from '../api/dashboard';
import { bucketLabel, formatMoney, niceMax } from '../lib/format';
import { Panel, QueryView } from './panel';

const PERIOD_LABELS: Record<RevenuePeriod, string> = { week: 'Weekly', month: 'Monthly', year: 'Yearly' };
const PERIOD_WORDS: Record<RevenuePeriod, string> = {
  week: 'over the last 7 days',
  month: 'over the last 30 days',
  year: 'over the last 12 months',
};
const W = 640;
const H = 240;
const LEFT = 56;
const BOTTOM = 24;
const TOP = 8;

function paymentCount(data: RevenueReply): string {
  const count = data.points.reduce((sum, point) => sum + point.payments, 0);
  return `${count} ${count === 1 ? 'payment' : 'payments'}`;
}

function Bars({ data }: { data: RevenueReply }) {
  // Cents: the scale is at least one whole unit of money.
  const max = niceMax(
    data.points.map((point) => point.amount_cents),
    100,
  );
  const plotW = W - LEFT - 8;
  const plotH = H - TOP - BOTTOM;
  const slot = plotW / Math.max(1, data.points.length);
  const barW = Math.max(2, slot * 0.65);
  const every = data.points.length > 16 ? 5 : 1;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      className="h-auto w-full"
      role="img"
      aria-label={`Revenue ${PERIOD_WORDS[data.period]}: ${formatMoney(data.total_cents, data.currency)}`}
    >
      {ticks.map((tick) => {
        const y = TOP + plotH * (1 - tick);
        return (
          <g key={tick}>
            <line x1={LEFT} x2={W - 8} y1={y} y2={y} stroke="var(--color-border)" strokeWidth={1} />
            <text x={LEFT - 6} y={y + 4} textAnchor="end" fontSize={11} fill="var(--color-muted)">
              {formatMoney(Math.round(max * tick), data.currency)}
            </text>
          </g>
        );
      })}
      {data.points.map((point, index) => {
        const h = (point.amount_cents / max) * plotH;
        const x = LEFT + slot * index + (slot - barW) / 2;
        const label = bucketLabel(point.bucket, data.period);
        return (
          <g key={point.bucket}>
            <rect
              x={x}
              y={TOP + plotH - h}
              width={barW}
              height={Math.max(0, h)}
              rx={2}
              fill="var(--color-brand)"
            >
              <title>{`${point.bucket}: ${formatMoney(point.amount_cents, data.currency)} (${point.payments} payments)`}</title>
            </rect>
            {index % every === 0 ? (
              <text x={x + barW / 2} y={H - 6} textAnchor="middle" fontSize={11} fill="var(--color-muted)">
                {label}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

/** Revenue from the recorded payments: the last 7 or 30 days by day (weekly, monthly), the last 12 months by month (yearly). */
export function RevenueChart() {
  const [period, setPeriod] = useState<RevenuePeriod>('month');
  const revenue = useQuery(revenueQuery(period));
  return (
    <Panel
      title="Revenue"
      id="revenue"
      className="xl:col-span-2"
      actions={
        <fieldset className="flex rounded-md border border-border p-0.5 text-sm">
          <legend className="sr-only">Revenue period</legend>
          {REVENUE_PERIODS.map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded px-3 py-1 text-muted has-checked:bg-brand has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-focus"
            >
              <input
                type="radio"
                name="revenue-period"
                value={value}
                checked={period === value}
                onChange={() => setPeriod(value)}
                className="sr-only"
              />
              {PERIOD_LABELS[value]}
            </label>
          ))}
        </fieldset>
      }
    >
      <QueryView
        query={revenue}
        what="the revenue"
        isEmpty={(data) => !data.available || data.total_cents === 0}
        empty={`No payments ${PERIOD_WORDS[period]}.`}
      >
        {(data) => (
          <div aria-busy={revenue.isFetching}>
            <p className="mb-3 text-sm text-muted">
              Total {PERIOD_WORDS[data.period]}:{' '}
              <strong className="text-base text-text" data-testid="revenue-total">
                {formatMoney(data.total_cents, data.currency)}
              </strong>{' '}
              from {paymentCount(data)}
            </p>
            <Bars data={data} />
            <table className="sr-only">
              <caption>Revenue {PERIOD_WORDS[data.period]}</caption>
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Payments</th>
                </tr>
              </thead>
              <tbody>
                {data.points.map((point) => (
                  <tr key={point.bucket}>
                    <th scope="row">{point.bucket}</th>
                    <td>{formatMoney(point.amount_cents, data.currency)}</td>
                    <td>{point.payments}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryView>
    </Panel>
  );
}
