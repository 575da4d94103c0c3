// @vitest-environment happy-dom
import type { Payment } from '@salomtv/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderInApp } from '../../../../shared/testing/render-in-app';
import type { SubscriberRow } from '../api/subscribers';
import { PaymentsDrawer } from './payments-drawer';

const subscriber: SubscriberRow = {
  subscription_id: 3,
  user_id: 7,
  phone_number: '+998901234567',
  first_name: 'Dilnoza',
  last_name: null,
  plan_id: 2,
  plan_name: 'Standard',
  status: 'active',
  interval: 'month',
  price_cents: 4_900_000,
  currency: 'UZS',
  current_period_end: '2026-07-01T10:00:00.000Z',
  cancel_at_period_end: false,
  grace_until: null,
  provider: 'payme',
  payment_method_summary: null,
  created_at: '2026-06-01T10:00:00.000Z',
  summary: {
    status: 'active',
    trial: false,
    plan_now: null,
    plan_next: null,
    next_charge_at: null,
    next_charge_cents: null,
    currency: 'UZS',
    pending_change: null,
    cancel_at_period_end: false,
    card: null,
    text: 'Standard, paid through Payme',
  },
};

const payment = (id: number, provider: Payment['provider'], status: Payment['status']): Payment => ({
  payment_id: id,
  user_id: 7,
  subscription_id: 3,
  amount_cents: 4_900_000,
  currency: 'UZS',
  status,
  provider,
  provider_ref: `ref-${id}`,
  description: 'Standard plan, monthly',
  failure_reason: null,
  created_at: `2026-06-0${id}T10:00:00.000Z`,
});

/** The admin API: one Payme payment (refundable), one demo payment (not), and the refund call. */
function renderDrawer() {
  let refunded = false;
  const calls = fakeServer(({ method, path }) => {
    if (method === 'GET' && path === '/api/admin/subscriptions/7/payments')
      return {
        body: {
          items: [payment(2, 'payme', refunded ? 'refunded' : 'succeeded'), payment(1, 'demo', 'succeeded')],
          total: 2,
          page: 1,
          pageSize: 10,
        },
      };
    if (method === 'POST' && path === '/api/admin/payments/2/refund') {
      refunded = true;
      return { body: payment(2, 'payme', 'refunded') };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  });
  renderInApp(<PaymentsDrawer subscriber={subscriber} onClose={() => {}} />);
  return calls;
}

describe("a subscriber's payments drawer", () => {
  it('refunds a Payme payment once the admin confirms, and shows it refunded', async () => {
    const calls = renderDrawer();
    const user = userEvent.setup();
    const history = await screen.findByTestId('payment-history');
    const buttons = await within(history).findAllByRole('button', { name: /^Refund the payment of/ });
    // Only the Payme payment is refunded here.
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain("Payme's cabinet");
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/payments/2/refund')).toBe(true));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('payment-history')).queryAllByRole('button', { name: /^Refund/ }),
      ).toHaveLength(0),
    );
    expect(screen.getByTestId('payment-history').textContent).toContain('Refunded');
  });

  it('leaves the payment as it is when the admin keeps it', async () => {
    const calls = renderDrawer();
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: /^Refund the payment of/ }))[0]!);
    await user.click(
      within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Keep the payment' }),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(screen.queryByTestId('confirm-dialog')).toBeNull();
  });
});
