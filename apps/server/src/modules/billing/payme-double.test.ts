import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSomCheckout } from '../../test/billing.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { PaymeProvider } from './providers/payme.js';

const MERCHANT_ID = '5e730e8e0b852a417aa49ceb';
const KEY = 'payme-sandbox-key';
const PRICE_TIYIN = 8_900_000;

interface PaymeDouble {
  url: string;
  calls: { method: string; params: Record<string, unknown>; answer: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** A port nothing listens on yet, for the double (the server's settings name it before it starts). */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// The browser suite's double, played against a running server as Payme plays it.
describe('Payme test double (apps/web/e2e/payme-double.mjs) against our Merchant API', () => {
  let t: TestApp;
  let payme: PaymeDouble;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      PAYMENT_PROVIDERS: 'demo,payme',
      PAYME_MERCHANT_ID: MERCHANT_ID,
      PAYME_TEST_KEY: KEY,
      PAYME_CHECKOUT_URL: `http://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://tv.example.com',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port: serverPort } = t.app.server.address() as net.AddressInfo;
    const modulePath = path.resolve(import.meta.dirname, '../../../../web/e2e/payme-double.mjs');
    const { startPaymeDouble } = await import(modulePath);
    payme = await startPaymeDouble({
      port,
      merchantId: MERCHANT_ID,
      key: KEY,
      merchantUrl: `http://127.0.0.1:${serverPort}`,
    });
  });
  afterAll(async () => {
    await payme?.close();
    await t.close();
  });

  /** A checkout to be paid through Payme, and the address PaymeProvider sends the viewer to. */
  async function checkout() {
    const { viewer, plan, sessionId } = await openSomCheckout(t.app, {
      provider: 'payme',
      priceTiyin: PRICE_TIYIN,
      planCode: 'platinum',
    });
    const now = t.clock.now();
    const provider = new PaymeProvider(t.app.container.config.payme!);
    const { url } = await provider.createCheckout({
      sessionId,
      userId: viewer.userId,
      plan: plan as never,
      interval: 'month',
      priceCents: PRICE_TIYIN,
      currency: 'UZS',
      customerId: null,
      now,
      expiresAt: now,
      firstPaymentAt: null,
    });
    return { viewer, plan, sessionId, url };
  }

  /** Opens Payme's page at the checkout address and presses a button; where the page sends the viewer. */
  async function press(url: string, outcome: 'pay' | 'decline') {
    const pageResponse = await fetch(url);
    expect(pageResponse.status).toBe(200);
    const html = await pageResponse.text();
    expect(html).toContain('89 000');
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [
        m[1],
        m[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
      ]),
    );
    const answer = await fetch(new URL('/pay', url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, outcome }).toString(),
      redirect: 'manual',
    });
    return answer;
  }

  it('pays through the checkout page: check, create, perform, then back to our return address with the plan on', async () => {
    const { viewer, plan, sessionId, url } = await checkout();
    const returnPage = () => viewer.client.get(`/api/billing/checkout/${sessionId}`);
    expect((await returnPage()).json()).toMatchObject({
      session_id: sessionId,
      status: 'open',
      provider: 'payme',
    });
    const before = payme.calls.length;
    const answer = await press(url, 'pay');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(
      `https://tv.example.com/checkout/return?session=${sessionId}`,
    );
    expect(payme.calls.slice(before).map((c) => [c.method, 'result' in c.answer])).toEqual([
      ['CheckPerformTransaction', true],
      ['CreateTransaction', true],
      ['PerformTransaction', true],
    ]);
    const view = await t.app.container.services.subscriptions.view(viewer.userId);
    expect(view).toMatchObject({ status: 'active', plan: { plan_id: plan.plan_id } });
    // What the return page reads once Payme has called.
    expect((await returnPage()).json()).toMatchObject({ status: 'completed' });

    // The cash desk's refund: CancelTransaction after perform.
    const paymeId = String(payme.calls.at(-1)!.params.id);
    const refund = await fetch(new URL('/__refund', url), {
      method: 'POST',
      body: JSON.stringify({ id: paymeId }),
    });
    expect((await refund.json()).result).toMatchObject({ state: -2 });
    const paid = await t.app.container.services.subscriptions.payments(viewer.userId, 1, 10);
    expect(paid.items).toMatchObject([{ status: 'refunded', provider: 'payme', provider_ref: paymeId }]);
  });

  it('declines: the transaction is cancelled (reason 2), nothing is paid and the order can be paid again', async () => {
    const { viewer, sessionId, url } = await checkout();
    const declined = await press(url, 'decline');
    expect(declined.status).toBe(303);
    const created = payme.calls.filter((c) => c.method === 'CreateTransaction').at(-1)!;
    const tx = await t.app.container.repos.paymeTransactions.findByPaymeId(String(created.params.id));
    expect(tx).toMatchObject({ order_id: sessionId, state: -1, reason: 2 });
    expect((await t.app.container.services.subscriptions.payments(viewer.userId, 1, 10)).items).toHaveLength(
      0,
    );
    expect((await press(url, 'pay')).status).toBe(303);
    expect((await t.app.container.services.subscriptions.view(viewer.userId)).status).toBe('active');
  });
});
