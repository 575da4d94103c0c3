// @vitest-environment happy-dom
import type { CheckoutStatusReply } from '@salomtv/contract';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderInApp } from '../../../shared/testing/render-in-app';
import { CheckoutReturnPage } from './checkout-return-page';

const SESSION = 'payme-session-1';
const PAID = 'Payment received: your subscription is active';

/** Our server as the provider leaves it: `answers` in turn, the last one from then on. */
function renderReturn(answers: CheckoutStatusReply['status'][]) {
  let asked = 0;
  const calls = fakeServer(({ method, path }) => {
    if (method === 'GET' && path === `/api/billing/checkout/${SESSION}`) {
      const status = answers[Math.min(asked, answers.length - 1)]!;
      asked += 1;
      return {
        body: {
          session_id: SESSION,
          status,
          plan: { plan_id: 2, name: 'Standard', names: { Uz: 'Standart' }, quality_label: 'HD' },
          interval: 'month',
          price_cents: 8_900_000,
          currency: 'UZS',
          provider: 'payme',
        },
      };
    }
    return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
  });
  renderInApp(
    <Routes>
      <Route path="/checkout/return" element={<CheckoutReturnPage />} />
    </Routes>,
    { path: `/checkout/return?session=${SESSION}` },
  );
  return calls;
}

describe('the page a provider sends the viewer back to', () => {
  it('waits while the payment is not in, then says it is, with the way to the account', async () => {
    renderReturn(['open', 'completed']);
    expect(await screen.findByText('Waiting for the payment to be confirmed…')).toBeTruthy();
    // What was bought, as the language writes its price.
    expect(screen.getByText(/Standard ·/).textContent).toMatch(/89\s000\sso.m/);
    const done = await screen.findByText(PAID, {}, { timeout: 5_000 });
    expect(done.getAttribute('role')).toBe('status');
    expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe('/userprofile');
  });

  it('says a checkout that expired unpaid cannot be paid, with the way back to the plans', async () => {
    renderReturn(['expired']);
    expect(await screen.findByText('This checkout has expired: nothing was charged')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pricing Plan' }).getAttribute('href')).toBe('/pricingplan');
  });
});
