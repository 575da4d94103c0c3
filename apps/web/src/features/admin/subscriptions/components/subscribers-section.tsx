import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useListParams } from '../../../../shared/hooks/use-list-params';
import { Button } from '../../../../shared/ui/button';
import { FilterRow, FilterSelect } from '../../../../shared/ui/list-filters';
import { ListQueryState, ListTable } from '../../../../shared/ui/list-table';
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

const STATUSES = SUBSCRIPTION_STATUSES.map((value) => ({ value, label: SUBSCRIPTION_STATUS_LABELS[value] }));

const isStatus = (value: string | null): value is SubscriptionStatus =>
  SUBSCRIPTION_STATUSES.includes(value as SubscriptionStatus);

/** The subscribers: filtered by status and plan (kept in the address), in pages, each with its payments. */
export function SubscribersSection() {
  const { params, page, update } = useListParams();
  const status = params.get('status');
  const planParam = Number.parseInt(params.get('plan') ?? '', 10);
  const planId = Number.isInteger(planParam) && planParam > 0 ? planParam : undefined;
  const plans = useQuery(adminPlansQuery());
  const [viewing, setViewing] = useState<SubscriberRow | null>(null);

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
      <FilterRow flush>
        <FilterSelect
          id="subscriber-status-filter"
          label="Status"
          value={isStatus(status) ? status : ''}
          onChange={(value) => update({ status: value })}
          className="w-44"
          allLabel="All statuses"
          options={STATUSES}
          wrapped
        />
        <FilterSelect
          id="subscriber-plan-filter"
          label="Plan"
          value={planId === undefined ? '' : String(planId)}
          onChange={(value) => update({ plan: value })}
          className="w-44"
          allLabel="All plans"
          options={(plans.data ?? []).map((plan) => ({ value: String(plan.plan_id), label: plan.name }))}
          wrapped
        />
      </FilterRow>
      <ListQueryState query={list} loadingLabel="Loading subscribers…" />
      {list.data ? (
        <>
          <ListTable
            columns={COLUMNS}
            minWidth="min-w-[960px]"
            testId="subscribers-table"
            busy={list.isFetching}
            empty={list.data.items.length === 0 ? 'No subscription matches these filters.' : null}
          >
            {list.data.items.map((row) => (
              <tr key={row.subscription_id} className="border-t border-border" data-testid="subscriber-row">
                <td className={cell}>
                  <Link to={`/viewuser?user_id=${row.user_id}`}>
                    {personalName(row) ?? `User #${row.user_id}`}
                  </Link>
                </td>
                <td className={`${cell} whitespace-nowrap`} dir="ltr">
                  {row.phone_number}
                </td>
                <td className={cell}>
                  <span className="font-medium">{row.plan_name}</span>
                  {/* The server's summary: the words the viewer's page, the user page and the CSV use too. */}
                  <span className="block text-xs text-muted" data-testid="subscriber-summary">
                    {row.summary.text}
                  </span>
                </td>
                <td className={cell}>
                  <SubscriptionStatusBadge status={row.status} />
                  {row.summary.cancel_at_period_end ? (
                    <span className="ms-2 text-xs text-muted">cancels at period end</span>
                  ) : null}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {row.summary.plan_now
                    ? `${formatMoney(row.price_cents, row.currency)} / ${row.interval}`
                    : row.summary.trial
                      ? 'Free trial'
                      : '—'}
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {formatDate(row.current_period_end)}
                  {row.grace_until ? (
                    <span className="block text-xs text-danger">
                      grace until {formatDate(row.grace_until)}
                    </span>
                  ) : null}
                </td>
                <td className={cell}>{row.summary.card ?? '—'}</td>
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
          </ListTable>
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
