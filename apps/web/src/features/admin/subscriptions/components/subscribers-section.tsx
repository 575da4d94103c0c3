import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { Select } from '../../../../shared/ui/input';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { Pagination } from '../../../../shared/ui/pagination';
import { adminPlansQuery } from '../api/plans';
import { type SubscriberRow, subscriberListQuery } from '../api/subscribers';
import { formatMoney } from '../lib/money';
import { PaymentsDrawer } from './payments-drawer';
import {
  formatDate,
  personalName,
  SUBSCRIPTION_STATUS_LABELS,
  SubscriptionStatusBadge,
  subscriberName,
} from './subscription-bits';

const PAGE_SIZE = 20;
const COLUMNS = ['Subscriber', 'Phone Number', 'Plan', 'Status', 'Pays', 'Period ends', 'Card', 'Action'];
const cell = 'px-4 py-3';

const isStatus = (value: string | null): value is SubscriptionStatus =>
  SUBSCRIPTION_STATUSES.includes(value as SubscriptionStatus);

/** The subscribers: filtered by status and plan (kept in the address), in pages, each with its payments. */
export function SubscribersSection() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const status = params.get('status');
  const planParam = Number.parseInt(params.get('plan') ?? '', 10);
  const planId = Number.isInteger(planParam) && planParam > 0 ? planParam : undefined;
  const plans = useQuery(adminPlansQuery());
  const [viewing, setViewing] = useState<SubscriberRow | null>(null);

  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: true },
    );

  const list = useQuery({
    ...subscriberListQuery({
      page,
      pageSize: PAGE_SIZE,
      status: isStatus(status) ? status : undefined,
      planId,
    }),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="subscribers-heading" className="flex flex-col gap-4">
      <h2 id="subscribers-heading" className="text-xl font-semibold">
        Subscribers
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor="subscriber-status-filter" className="flex flex-col gap-1 text-xs text-muted">
          Status
          <Select
            id="subscriber-status-filter"
            className="w-44"
            value={isStatus(status) ? status : ''}
            onChange={(event) => update({ status: event.target.value || undefined, page: undefined })}
          >
            <option value="">All statuses</option>
            {SUBSCRIPTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {SUBSCRIPTION_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </label>
        <label htmlFor="subscriber-plan-filter" className="flex flex-col gap-1 text-xs text-muted">
          Plan
          <Select
            id="subscriber-plan-filter"
            className="w-44"
            value={planId === undefined ? '' : String(planId)}
            onChange={(event) => update({ plan: event.target.value || undefined, page: undefined })}
          >
            <option value="">All plans</option>
            {(plans.data ?? []).map((plan) => (
              <option key={plan.plan_id} value={plan.plan_id}>
                {plan.name}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {list.isPending ? <LoadingState label="Loading subscribers…" /> : null}
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      {list.data ? (
        <>
          <div
            className="overflow-x-auto rounded-card border border-border bg-surface"
            aria-busy={list.isFetching}
          >
            <table className="w-full min-w-[960px] text-start text-sm" data-testid="subscribers-table">
              <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col" className="px-4 py-3 text-start">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((row) => (
                  <tr
                    key={row.subscription_id}
                    className="border-t border-border"
                    data-testid="subscriber-row"
                  >
                    <td className={cell}>
                      <Link to={`/viewuser?user_id=${row.user_id}`}>
                        {personalName(row) ?? `User #${row.user_id}`}
                      </Link>
                    </td>
                    <td className={`${cell} whitespace-nowrap`} dir="ltr">
                      {row.phone_number}
                    </td>
                    <td className={cell}>{row.plan_name}</td>
                    <td className={cell}>
                      <SubscriptionStatusBadge status={row.status} />
                      {row.cancel_at_period_end ? (
                        <span className="ms-2 text-xs text-muted">cancels at period end</span>
                      ) : null}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {row.status === 'trialing'
                        ? 'Free trial'
                        : `${formatMoney(row.price_cents, row.currency)} / ${row.interval}`}
                    </td>
                    <td className={`${cell} whitespace-nowrap`}>
                      {formatDate(row.current_period_end)}
                      {row.grace_until ? (
                        <span className="block text-xs text-danger">
                          grace until {formatDate(row.grace_until)}
                        </span>
                      ) : null}
                    </td>
                    <td className={cell}>{row.payment_method_summary ?? '—'}</td>
                    <td className={cell}>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setViewing(row)}
                        aria-label={`Payments of ${subscriberName(row)}`}
                      >
                        Payments
                      </Button>
                    </td>
                  </tr>
                ))}
                {list.data.items.length === 0 ? (
                  <tr>
                    <td colSpan={COLUMNS.length} className="px-4 py-8 text-center text-muted">
                      No subscription matches these filters.
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
          <Pagination
            page={page}
            pageSize={PAGE_SIZE}
            total={list.data.total}
            onPage={(next) => update({ page: next > 1 ? String(next) : undefined })}
          />
        </>
      ) : null}
      {viewing ? <PaymentsDrawer subscriber={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  );
}
