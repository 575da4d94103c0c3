import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CompactTable } from '../../../../shared/ui/list-table';
import { paymentsQuery } from '../api/dashboard';
import { formatDateTime, formatMoney } from '../lib/format';
import { Panel, QueryView, ScrollRegion } from './panel';

const COLUMNS = ['Date', 'Viewer', 'Plan', 'Amount', 'Status'];
const STATUS_CLASSES: Record<string, string> = { succeeded: 'text-success', failed: 'text-danger' };
const STATUS_LABELS: Record<string, string> = { succeeded: 'Paid', failed: 'Failed', refunded: 'Refunded' };

/** The latest payments as recorded by the billing module. */
export function PaymentsTable() {
  const payments = useQuery(paymentsQuery());
  return (
    <Panel title="Latest payments" id="payments">
      <QueryView
        query={payments}
        what="the payments"
        isEmpty={(data) => !data.available || data.items.length === 0}
        empty="No payments yet."
      >
        {(data) => (
          <ScrollRegion label="Latest payments table">
            <CompactTable columns={COLUMNS} minWidth="min-w-[560px]" testId="payments-table">
              {data.items.map((payment) => (
                <tr key={payment.payment_id} className="border-t border-border">
                  <td className="whitespace-nowrap px-3 py-2">{formatDateTime(payment.created_at)}</td>
                  <td className="px-3 py-2">
                    {payment.user_id !== null ? (
                      <Link to={`/viewuser?user_id=${payment.user_id}`}>
                        {payment.user_name ?? `User ${payment.user_id}`}
                      </Link>
                    ) : (
                      (payment.user_name ?? '—')
                    )}
                  </td>
                  <td className="px-3 py-2">{payment.plan ?? '—'}</td>
                  <td className="px-3 py-2 tabular-nums">
                    {formatMoney(payment.amount_cents, payment.currency)}
                  </td>
                  <td className={`px-3 py-2 font-medium ${STATUS_CLASSES[payment.status] ?? ''}`}>
                    {STATUS_LABELS[payment.status] ?? payment.status}
                  </td>
                </tr>
              ))}
            </CompactTable>
          </ScrollRegion>
        )}
      </QueryView>
    </Panel>
  );
}
