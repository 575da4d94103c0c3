import type { Payment } from '@salomtv/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '../../../../shared/ui/alert';
import { CloseIcon } from '../../../../shared/ui/icons';
import { LoadingState } from '../../../../shared/ui/loading-state';
import { useModalDialog } from '../../../../shared/ui/modal-dialog';
import { Pagination } from '../../../../shared/ui/pagination';
import {
  refundable,
  type SubscriberRow,
  subscriberPaymentsQuery,
  useRefundPayment,
} from '../api/subscribers';
import { formatMoney } from '../lib/money';
import { RefundConfirm } from './refund-confirm';
import { formatDate, PaymentStatusBadge, SubscriptionStatusBadge, subscriberName } from './subscription-bits';

const PAGE_SIZE = 10;
const cell = 'px-3 py-2';

/**
 * One subscriber's payment history in a side drawer (a native modal `<dialog>`: the page behind is inert,
 * Esc closes it and focus goes back to the button that opened it).
 */
export function PaymentsDrawer({ subscriber, onClose }: { subscriber: SubscriberRow; onClose: () => void }) {
  const ref = useModalDialog(onClose);
  const [page, setPage] = useState(1);
  const payments = useQuery({
    ...subscriberPaymentsQuery(subscriber.user_id, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const refund = useRefundPayment();
  // The payment whose refund is being asked about.
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const name = subscriberName(subscriber);
  const headingId = `payments-${subscriber.user_id}-title`;

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      data-testid="payments-drawer"
      className="m-0 ms-auto h-dvh max-h-none w-full max-w-2xl overflow-y-auto border-s border-border bg-surface p-0 text-text backdrop:bg-black/60"
    >
      <div className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-xl font-semibold">
              Payments of {name}
            </h2>
            {name !== subscriber.phone_number ? (
              <p className="mt-1 text-sm text-muted" dir="ltr">
                {subscriber.phone_number}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-surface-2"
          >
            <CloseIcon />
          </button>
        </div>
        <dl className="grid grid-cols-2 gap-3 rounded-md bg-surface-2 p-4 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-muted">Plan</dt>
            <dd className="font-semibold">{subscriber.plan_name}</dd>
          </div>
          <div>
            <dt className="text-muted">Status</dt>
            <dd>
              <SubscriptionStatusBadge status={subscriber.status} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">Pays</dt>
            <dd>
              {subscriber.summary.plan_now
                ? `${formatMoney(subscriber.price_cents, subscriber.currency)} / ${subscriber.interval}`
                : subscriber.summary.trial
                  ? 'Free trial'
                  : '—'}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Card</dt>
            <dd>{subscriber.summary.card ?? '—'}</dd>
          </div>
          <p className="col-span-full text-muted">{subscriber.summary.text}</p>
        </dl>
        {payments.isPending ? <LoadingState label="Loading payments…" /> : null}
        {payments.isError ? <Alert>{payments.error.message}</Alert> : null}
        {refund.isError ? <Alert>{refund.error.message}</Alert> : null}
        {payments.data ? (
          <>
            <div className="overflow-x-auto rounded-md border border-border" aria-busy={payments.isFetching}>
              <table className="w-full min-w-[560px] text-start text-sm" data-testid="payment-history">
                <caption className="sr-only">Payment history of {name}</caption>
                <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
                  <tr>
                    {['Date', 'Description', 'Amount', 'Status', 'Reference'].map((column) => (
                      <th key={column} scope="col" className={`${cell} text-start`}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {payments.data.items.map((payment) => (
                    <tr key={payment.payment_id} className="border-t border-border">
                      <td className={`${cell} whitespace-nowrap`}>{formatDate(payment.created_at, true)}</td>
                      <td className={cell}>
                        {payment.description}
                        {payment.failure_reason ? (
                          <span className="block text-xs text-danger">{payment.failure_reason}</span>
                        ) : null}
                      </td>
                      <td className={`${cell} whitespace-nowrap`}>
                        {formatMoney(payment.amount_cents, payment.currency)}
                      </td>
                      <td className={cell}>
                        <PaymentStatusBadge status={payment.status} />
                        {refundable(payment) ? (
                          <button
                            type="button"
                            className="ms-2 text-xs underline"
                            aria-label={`Refund the payment of ${formatDate(payment.created_at, true)}`}
                            onClick={() => setRefunding(payment)}
                          >
                            Refund
                          </button>
                        ) : null}
                      </td>
                      <td className={`${cell} break-all font-mono text-xs text-muted`}>
                        {payment.provider}
                        {payment.provider_ref ? ` · ${payment.provider_ref}` : ''}
                      </td>
                    </tr>
                  ))}
                  {payments.data.items.length === 0 ? (
                    <tr>
                      <td colSpan={5} className="px-3 py-6 text-center text-muted">
                        No payments yet.
                      </td>
                    </tr>
                  ) : null}
                </tbody>
              </table>
            </div>
            <Pagination page={page} pageSize={PAGE_SIZE} total={payments.data.total} onPage={setPage} />
          </>
        ) : null}
      </div>
      {refunding ? (
        <RefundConfirm
          payment={refunding}
          holder={name}
          busy={refund.isPending}
          onCancel={() => setRefunding(null)}
          onConfirm={() => refund.mutate(refunding.payment_id, { onSettled: () => setRefunding(null) })}
        />
      ) : null}
    </dialog>
  );
}
