import {
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type PaymentProviderName,
  type PaymentStatus,
} from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../../shared/ui/alert';
import { Button } from '../../../../shared/ui/button';
import { FilterRow, FilterSelect } from '../../../../shared/ui/list-filters';
import { ListQueryState, ListTable } from '../../../../shared/ui/list-table';
import { Pagination } from '../../../../shared/ui/pagination';
import { type AdminPaymentRow, adminPaymentsQuery } from '../api/payments';
import { refundable, useRefundPayment } from '../api/subscribers';
import { formatMoney } from '../lib/money';
import { RefundConfirm } from './refund-confirm';
import {
  formatDate,
  PAYMENT_PROVIDER_LABELS,
  PAYMENT_STATUS_LABELS,
  PaymentStatusBadge,
  subscriberName,
} from './subscription-bits';

const PAGE_SIZE = 20;
const COLUMNS = [
  'Date',
  'Subscriber',
  'Amount',
  'Provider',
  "Provider's transaction",
  'State',
  'Refund',
  'Action',
];
const cell = 'px-4 py-3';

const isStatus = (value: string): value is PaymentStatus => PAYMENT_STATUSES.includes(value as PaymentStatus);
const isProvider = (value: string): value is PaymentProviderName =>
  PAYMENT_PROVIDERS.includes(value as PaymentProviderName);

/**
 * Every account's payments, newest first, by state and provider, with the provider's own transaction id; a Payme
 * or Click payment is refunded from here.
 */
export function PaymentsSection() {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<PaymentStatus | undefined>(undefined);
  const [provider, setProvider] = useState<PaymentProviderName | undefined>(undefined);
  const list = useQuery({
    ...adminPaymentsQuery({ page, pageSize: PAGE_SIZE, status, provider }),
    placeholderData: keepPreviousData,
  });
  const refund = useRefundPayment();
  // The payment whose refund is being asked about.
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);

  return (
    <section aria-labelledby="payments-heading" className="flex flex-col gap-4">
      <h2 id="payments-heading" className="text-xl font-semibold">
        Payments
      </h2>
      <FilterRow flush>
        <FilterSelect
          id="payment-status-filter"
          label="State"
          value={status ?? ''}
          onChange={(value) => {
            setStatus(isStatus(value) ? value : undefined);
            setPage(1);
          }}
          className="w-44"
          allLabel="All states"
          options={PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }))}
          wrapped
        />
        <FilterSelect
          id="payment-provider-filter"
          label="Provider"
          value={provider ?? ''}
          onChange={(value) => {
            setProvider(isProvider(value) ? value : undefined);
            setPage(1);
          }}
          className="w-44"
          allLabel="All providers"
          options={PAYMENT_PROVIDERS.map((value) => ({ value, label: PAYMENT_PROVIDER_LABELS[value] }))}
          wrapped
        />
      </FilterRow>
      {refund.isError ? <Alert>{refund.error.message}</Alert> : null}
      <ListQueryState query={list} loadingLabel="Loading payments…" />
      {list.data ? (
        <>
          <ListTable
            columns={COLUMNS}
            minWidth="min-w-[960px]"
            testId="payments-table"
            regionLabel="All payments"
            busy={list.isFetching}
            empty={list.data.items.length === 0 ? 'No payment matches these filters.' : null}
          >
            {list.data.items.map((payment) => (
              <tr
                key={payment.payment_id}
                className="border-t border-border"
                data-testid="payment-row"
                data-payment-id={payment.payment_id}
              >
                <td className={`${cell} whitespace-nowrap`}>{formatDate(payment.created_at, true)}</td>
                <td className={cell}>
                  <Link to={`/viewuser?user_id=${payment.user_id}`}>{subscriberName(payment)}</Link>
                  <span className="block text-xs text-muted">{payment.description}</span>
                </td>
                <td className={`${cell} whitespace-nowrap`}>
                  {formatMoney(payment.amount_cents, payment.currency)}
                </td>
                <td className={cell}>{PAYMENT_PROVIDER_LABELS[payment.provider]}</td>
                <td className={`${cell} break-all font-mono text-xs`} data-testid="payment-provider-ref">
                  {payment.provider_ref ?? '—'}
                </td>
                <td className={cell}>
                  <PaymentStatusBadge status={payment.status} />
                  {payment.failure_reason ? (
                    <span className="block text-xs text-danger">{payment.failure_reason}</span>
                  ) : null}
                </td>
                <td className={`${cell} whitespace-nowrap`} data-testid="payment-refund">
                  {payment.status === 'refunded' ? formatMoney(payment.amount_cents, payment.currency) : '—'}
                </td>
                <td className={cell}>
                  {refundable(payment) ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Refund payment #${payment.payment_id}`}
                      onClick={() => setRefunding(payment)}
                    >
                      Refund
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </ListTable>
          <Pagination page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
        </>
      ) : null}
      {refunding ? (
        <RefundConfirm
          payment={refunding}
          holder={subscriberName(refunding)}
          busy={refund.isPending}
          onCancel={() => setRefunding(null)}
          onConfirm={() => refund.mutate(refunding.payment_id, { onSettled: () => setRefunding(null) })}
        />
      ) : null}
    </section>
  );
}
