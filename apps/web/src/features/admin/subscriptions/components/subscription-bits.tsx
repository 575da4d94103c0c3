import type { PaymentProviderName, PaymentStatus, SubscriptionStatus } from '@salomtv/contract';
import { dateTimeFormat } from '@salomtv/contract';

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  expired: 'Expired',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  succeeded: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const PAYMENT_PROVIDER_LABELS: Record<PaymentProviderName, string> = {
  demo: 'Demo card',
  stripe: 'Stripe',
  payme: 'Payme',
  click: 'Click',
};

const tones = {
  good: 'bg-success/15 text-text ring-success/50',
  bad: 'bg-danger/15 text-text ring-danger/50',
  neutral: 'bg-surface-2 text-text ring-border',
};

const subscriptionTone: Record<SubscriptionStatus, keyof typeof tones> = {
  trialing: 'neutral',
  active: 'good',
  past_due: 'bad',
  canceled: 'neutral',
  expired: 'bad',
};
const paymentTone: Record<PaymentStatus, keyof typeof tones> = {
  succeeded: 'good',
  failed: 'bad',
  refunded: 'neutral',
};

function Badge({ tone, children }: { tone: keyof typeof tones; children: string }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

export const SubscriptionStatusBadge = ({ status }: { status: SubscriptionStatus }) => (
  <Badge tone={subscriptionTone[status]}>{SUBSCRIPTION_STATUS_LABELS[status]}</Badge>
);

export const PaymentStatusBadge = ({ status }: { status: PaymentStatus }) => (
  <Badge tone={paymentTone[status]}>{PAYMENT_STATUS_LABELS[status]}</Badge>
);

/** A date (and time) for the admin, or a dash. */
export const formatDate = (value: string | null | undefined, withTime = false) =>
  value
    ? dateTimeFormat(
        'en-GB',
        withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
      ).format(new Date(value))
    : '—';

type NamedRow = { first_name: string | null; last_name: string | null; phone_number: string };

/** The subscriber's name, or null when the account has none. */
export const personalName = (row: NamedRow) =>
  [row.first_name, row.last_name].filter(Boolean).join(' ') || null;

/** The name, or the phone number when the account has no name. */
export const subscriberName = (row: NamedRow) => personalName(row) ?? row.phone_number;
