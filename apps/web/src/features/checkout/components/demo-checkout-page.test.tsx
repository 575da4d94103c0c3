// @vitest-environment happy-dom
import { type DemoSessionReply, demoPayBodySchema, type Plan } from '@salomtv/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type FakeRequest, fakeServer, renderInApp } from '../../../shared/testing/render-in-app';
import { DemoCheckoutPage } from './demo-checkout-page';

const plan: Plan = {
  plan_id: 2,
  code: 'standard',
  name: 'Standard',
  names: {},
  monthly_price_cents: 1900,
  yearly_price_cents: null,
  currency: 'USD',
  prices: { USD: { month: 1900, year: null } },
  quality_cap: 720,
  quality_label: 'HD',
  features: {
    new_movies: true,
    salomtv_special: true,
    america_tv_shows: false,
    hollywood_movies: false,
    video_quality: true,
    add_free_entertainment: false,
  },
  max_streams: 2,
  max_profiles: 5,
  offered: true,
  sort_order: 2,
};

const session: DemoSessionReply = {
  session_id: 'demo-session-1',
  demo: true,
  status: 'open',
  plan,
  interval: 'month',
  price_cents: 1900,
  currency: 'USD',
  expires_at: '2030-01-01T00:00:00.000Z',
  first_payment_at: null,
  saved_card: null,
  test_cards: [],
};

const DECLINED_CARD = '4000000000000002';

/** The demo provider as the server runs it: the contract's rules for the card, a test card that is declined. */
function demoProvider({ method, path, body }: FakeRequest) {
  if (method === 'GET' && path === `/api/billing/demo/session/${session.session_id}`)
    return { body: session };
  if (method === 'POST' && path === '/api/billing/demo/pay') {
    const parsed = demoPayBodySchema.safeParse(body);
    if (!parsed.success) {
      const fields = Object.fromEntries(
        parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
      );
      return {
        status: 400,
        body: { error: { code: 'validation_failed', message: 'Check the card', fields } },
      };
    }
    if (parsed.data.card_number === DECLINED_CARD) {
      return { status: 402, body: { error: { code: 'card_declined', message: 'Declined' } } };
    }
    return { body: { status: 'active', payment_id: 1, redirect: '/userprofile' } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
}

function renderCheckout() {
  const calls = fakeServer(demoProvider);
  renderInApp(
    <Routes>
      <Route path="/checkout/demo" element={<DemoCheckoutPage />} />
      <Route path="/userprofile" element={<h1>Your account</h1>} />
    </Routes>,
    { path: `/checkout/demo?session=${session.session_id}` },
  );
  return calls;
}

async function fillCard(card: { number: string; exp: string; cvc: string; name: string }) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Card number'), card.number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), card.exp);
  await user.type(screen.getByLabelText('CVC'), card.cvc);
  await user.type(screen.getByLabelText('Name on card'), card.name);
  await user.click(screen.getByRole('button', { name: 'Pay $19' }));
}

/** The message shown under a field, which its input also points at for screen readers. */
function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label);
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids
    .map((id) => document.getElementById(id))
    .find((node) => node?.getAttribute('role') === 'alert');
  return error?.textContent ?? null;
}

describe("the demo checkout's card form", () => {
  it('shows the plan and its price, marked as a demo', async () => {
    renderCheckout();
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(screen.getByTestId('demo-mode').textContent).toBe('Demo mode — no real payment');
    expect(screen.getByTestId('checkout-price').textContent).toContain('$19');
  });

  it('says under each field what is wrong with a bad number, expiry and security code', async () => {
    const calls = renderCheckout();
    await fillCard({ number: '4242', exp: '13/30', cvc: '12', name: 'Ada Lovelace' });
    await waitFor(() => expect(errorOf('Card number')).toBe('Enter the card number (12 to 19 digits)'));
    expect(errorOf('Expiry (MM/YY)')).toBe('Enter the expiry date as MM/YY');
    expect(errorOf('CVC')).toBe('Enter the 3 or 4 digit security code');
    expect(errorOf('Name on card')).toBeNull();
    // What was typed stays, so the viewer corrects it instead of typing it again.
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242');
    // The browser checked it: nothing was sent.
    expect(calls.filter((call) => call.path === '/api/billing/demo/pay')).toHaveLength(0);
  });

  it('checks an expiry typed "1229" before sending the card', async () => {
    const calls = renderCheckout();
    await fillCard({ number: '4242 4242 4242 4242', exp: '1229', cvc: '123', name: 'Ada Lovelace' });
    await waitFor(() => expect(errorOf('Expiry (MM/YY)')).toBe('Enter the expiry date as MM/YY'));
    expect(errorOf('Card number')).toBeNull();
    expect(calls.filter((call) => call.path === '/api/billing/demo/pay')).toHaveLength(0);
  });

  it('checks the number and an expiry in the past before sending the card', async () => {
    const calls = renderCheckout();
    await fillCard({ number: '4242 4242 4242 4241', exp: '01/20', cvc: '123', name: 'Ada Lovelace' });
    await waitFor(() => expect(errorOf('Card number')).toBe('This card number is not valid'));
    expect(errorOf('Expiry (MM/YY)')).toBe('This card has expired');
    expect(calls.filter((call) => call.path === '/api/billing/demo/pay')).toHaveLength(0);
  });

  it('offers the card kept from an earlier purchase instead of asking for it again', async () => {
    const calls = fakeServer((call) => {
      if (call.path === `/api/billing/demo/session/${session.session_id}`)
        return { body: { ...session, saved_card: 'Visa •••• 4242' } };
      if (call.path === '/api/billing/demo/pay-saved')
        return { body: { status: 'active', payment_id: 2, redirect: '/userprofile' } };
      return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    });
    renderInApp(
      <Routes>
        <Route path="/checkout/demo" element={<DemoCheckoutPage />} />
        <Route path="/userprofile" element={<h1>Your account</h1>} />
      </Routes>,
      { path: `/checkout/demo?session=${session.session_id}` },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Use Visa •••• 4242' }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/billing/demo/pay-saved')?.body).toEqual({
      session: session.session_id,
    });
    expect(screen.queryByLabelText('Card number')).toBeNull();
  });

  it('says a declined card is declined, next to the number', async () => {
    renderCheckout();
    await fillCard({ number: DECLINED_CARD, exp: '12/30', cvc: '123', name: 'Ada Lovelace' });
    await waitFor(() => expect(errorOf('Card number')).toBe('Your card was declined'));
    expect(errorOf('CVC')).toBeNull();
  });

  it('pays with a good card and goes to the account with a confirmation', async () => {
    const calls = renderCheckout();
    await fillCard({ number: '4242 4242 4242 4242', exp: '12/30', cvc: '123', name: 'Ada Lovelace' });
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(
      within(screen.getByRole('status')).getByText('Payment received: your subscription is active'),
    ).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/billing/demo/pay')?.body).toEqual({
      session: session.session_id,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
      name: 'Ada Lovelace',
    });
  });
});
