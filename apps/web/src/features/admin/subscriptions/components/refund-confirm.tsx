import type { Payment } from '@salomtv/contract';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { formatMoney } from '../lib/money';

/** Asks before a refund, saying what it does with this provider's payment. */
export function RefundConfirm(props: {
  payment: Pick<Payment, 'amount_cents' | 'currency' | 'provider'>;
  /** Whose plan the refunded time is taken from. */
  holder: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const amount = formatMoney(props.payment.amount_cents, props.payment.currency);
  const effect = `the time it paid for is taken off the plan of ${props.holder}, and they are told.`;
  const message =
    props.payment.provider === 'click'
      ? `Click gives ${amount} back to the card, ${effect}`
      : `${amount} is marked refunded, ${effect} Give the money back in Payme's cabinet too.`;
  return (
    <ConfirmDialog
      title="Refund this payment?"
      message={message}
      confirmLabel="Refund"
      cancelLabel="Keep the payment"
      busy={props.busy}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
