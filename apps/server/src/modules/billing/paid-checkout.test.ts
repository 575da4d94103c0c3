import { describe, expect, it } from 'vitest';
import type { SubscriptionRow } from './account-billing.js';
import { type PaidCheckoutDeps, PaidCheckouts } from './paid-checkout.js';
import type { PaymentRow } from './payment-repo.js';

const NOW = new Date('2026-06-10T12:00:00.000Z');

const payment: PaymentRow = {
  payment_id: 11,
  user_id: 7,
  subscription_id: 3,
  plan_id: 2,
  amount_cents: 4_900_000,
  currency: 'UZS',
  status: 'succeeded',
  provider: 'payme',
  provider_ref: 'payme-tx-1',
  description: 'Standard plan, monthly',
  failure_reason: null,
  created_at: '2026-06-01T12:00:00.000Z',
};

const subscription = (overrides: Partial<SubscriptionRow>): SubscriptionRow =>
  ({
    subscription_id: 3,
    user_id: 7,
    status: 'active',
    provider: 'payme',
    billing_interval: 'month',
    current_period_start: '2026-06-01T12:00:00.000Z',
    current_period_end: '2026-07-01T12:00:00.000Z',
    ...overrides,
  }) as SubscriptionRow;

/** Strict fakes: the payment repo and subscription repo as the refund uses them, recording the writes. */
function refunds(row: SubscriptionRow | undefined, alreadyRefunded = false) {
  const updates: Record<string, unknown>[] = [];
  const deps = {
    payments: {
      findByProviderRef: async (provider: string, ref: string) =>
        provider === 'payme' && ref === payment.provider_ref ? payment : undefined,
    },
    service: { markRefunded: async () => !alreadyRefunded },
    subscriptions: {
      findById: async (id: number) => (id === row?.subscription_id ? row : undefined),
      update: async (_id: number, values: Record<string, unknown>) => {
        updates.push(values);
      },
    },
    clock: { now: () => new Date(NOW) },
  } as unknown as PaidCheckoutDeps;
  return { paid: new PaidCheckouts(deps), updates };
}

describe('a refund of a payment made on the provider’s page', () => {
  it('ends the plan now when the refunded period was all that was paid', async () => {
    const { paid, updates } = refunds(subscription({}));
    expect(await paid.refund('payme', 'payme-tx-1')).toEqual({ payment, periodEnd: NOW.toISOString() });
    expect(updates).toEqual([
      expect.objectContaining({
        status: 'expired',
        current_period_end: NOW.toISOString(),
        ended_at: NOW.toISOString(),
      }),
    ]);
  });

  it('takes one period off the end when more was paid, and the plan runs on until then', async () => {
    const { paid, updates } = refunds(subscription({ current_period_end: '2026-08-01T12:00:00.000Z' }));
    expect((await paid.refund('payme', 'payme-tx-1'))?.periodEnd).toBe('2026-07-01T12:00:00.000Z');
    expect(updates).toHaveLength(1);
    expect(updates[0]).not.toHaveProperty('status');
    expect(updates[0]).toMatchObject({ current_period_end: '2026-07-01T12:00:00.000Z' });
  });

  it('changes nothing a second time, nor for a payment it does not know', async () => {
    const twice = refunds(subscription({}), true);
    expect(await twice.paid.refund('payme', 'payme-tx-1')).toBeUndefined();
    expect(await twice.paid.refund('payme', 'other')).toBeUndefined();
    expect(twice.updates).toHaveLength(0);
  });

  it('leaves a subscription alone that has since moved to another provider or ended', async () => {
    for (const row of [subscription({ provider: 'click' }), subscription({ status: 'expired' })]) {
      const { paid, updates } = refunds(row);
      expect(await paid.refund('payme', 'payme-tx-1')).toEqual({ payment, periodEnd: null });
      expect(updates).toHaveLength(0);
    }
  });
});
