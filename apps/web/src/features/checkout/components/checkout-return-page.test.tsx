// @vitest-environment happy-dom
import type { CheckoutStatusReply } from '@salomtv/contract';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderInApp } from '../../../shared/testing/render-in-app';
import { CheckoutReturnPage } from './checkout-return-page';

const SESSION = 'payme-session-1';

/** Our server as the provider leaves it: `answers` in turn, the last one from then on. */
function renderReturn(answers: CheckoutStatusReply['status'][]) {
  let asked = 0;
  const calls = fakeServer(({ method, path }) => {
    if (method === 'GET' && path === `/api/billing/checkout/${SESSION}`) {
      const status = answers[Math.min(asked, answers.length - 1)]!;
      asked += 1;
      return { body: { session_id: SESSION, status, provider: 'payme' } };
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
    const done = await screen.findByText(
      'Payment received: your subscription is active',
      {},
      { timeout: 5_000 },
    );
    expect(done.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('link', { name: 'My Profile' }).getAttribute('href')).toBe('/userprofile');
  });

  it('says a checkout that expired unpaid cannot be paid, with the way back to the plans', async () => {
    renderReturn(['expired']);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This checkout has expired or is already paid',
    );
    expect(screen.getByRole('link', { name: 'Pricing Plan' }).getAttribute('href')).toBe('/pricingplan');
  });
});
