import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ClickSettings } from '../../../config.js';
import type { SubscriptionRow } from '../account-billing.js';
import type { PlanRow } from '../plan-repo.js';
import { ClickProvider } from './click.js';
import {
  clickAuthHeader,
  clickSignMatches,
  clickSignString,
  somToTiyin,
  tiyinToSom,
} from './click-protocol.js';
import type { CheckoutRequest } from './provider.js';

const settings: ClickSettings = {
  serviceId: '12345',
  merchantId: '678',
  secretKey: 'click-secret-key',
  merchantUserId: '901',
  checkoutUrl: 'https://my.click.uz',
  apiUrl: 'https://api.click.uz/v2/merchant',
  publicUrl: 'https://tv.example.com',
};

const clock = { now: () => new Date('2026-06-01T00:00:00Z') };

const request = (priceCents: number, currency = 'UZS'): CheckoutRequest => ({
  sessionId: 'sess_ABC-1',
  userId: 7,
  plan: { plan_id: 2 } as PlanRow,
  interval: 'month',
  priceCents,
  currency,
  customerId: null,
  now: new Date('2026-06-01T00:00:00Z'),
  expiresAt: new Date('2026-06-01T01:00:00Z'),
  firstPaymentAt: null,
});

describe('ClickProvider.createCheckout', () => {
  it("answers Click's payment page with the service, the merchant, the so'm amount, our session and the return address", async () => {
    const { url, providerSessionId } = await new ClickProvider(settings, clock).createCheckout(
      request(4_900_000),
    );
    expect(providerSessionId).toBeNull();
    const address = new URL(url);
    expect(`${address.origin}${address.pathname}`).toBe('https://my.click.uz/services/pay');
    expect(Object.fromEntries(address.searchParams)).toEqual({
      service_id: '12345',
      merchant_id: '678',
      amount: '49000',
      transaction_param: 'sess_ABC-1',
      return_url: 'https://tv.example.com/checkout/return?session=sess_ABC-1',
    });
  });

  it('writes tiyin as a decimal amount and uses the configured host', async () => {
    const provider = new ClickProvider({ ...settings, checkoutUrl: 'http://127.0.0.1:4100' }, clock);
    const { url } = await provider.createCheckout(request(4_900_050));
    expect(url.startsWith('http://127.0.0.1:4100/services/pay?')).toBe(true);
    expect(new URL(url).searchParams.get('amount')).toBe('49000.50');
  });

  it("refuses any currency but so'm", async () => {
    await expect(new ClickProvider(settings, clock).createCheckout(request(1900, 'USD'))).rejects.toThrow(
      /UZS/,
    );
  });

  it('says renewals are charged by our timer (with the card Click keeps)', () => {
    expect(new ClickProvider(settings, clock).chargesRenewals).toBe(true);
  });
});

describe('ClickProvider.charge', () => {
  const subscription = (token: string | null) =>
    ({ subscription_id: 42, provider_payment_method: token }) as SubscriptionRow;

  it("pays with the saved card token through card_token/payment, signed with the Auth header, in so'm", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(
        JSON.stringify({ error_code: 0, error_note: 'Success', payment_id: 9876, payment_status: 2 }),
      );
    }) as unknown as typeof fetch;
    const outcome = await new ClickProvider(settings, clock, fakeFetch).charge(
      subscription('card-token-1'),
      4_900_050,
      'UZS',
    );
    expect(outcome).toEqual({ ok: true, ref: '9876' });
    expect(calls[0]!.url).toBe('https://api.click.uz/v2/merchant/card_token/payment');
    const headers = calls[0]!.init.headers as Record<string, string>;
    const timestamp = String(Date.parse('2026-06-01T00:00:00Z') / 1000);
    expect(headers.auth).toBe(clickAuthHeader('901', 'click-secret-key', Number(timestamp)));
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      service_id: 12345,
      card_token: 'card-token-1',
      amount: 49000.5,
      transaction_parameter: `renewal-42-${Date.parse('2026-06-01T00:00:00Z')}`,
    });
  });

  it("answers Click's refusal, an unreachable Click and a missing token as failed charges", async () => {
    const declined = (async () =>
      new Response(
        JSON.stringify({ error_code: -5017, error_note: 'Insufficient funds', payment_id: 5 }),
      )) as unknown as typeof fetch;
    expect(await new ClickProvider(settings, clock, declined).charge(subscription('t'), 100, 'UZS')).toEqual({
      ok: false,
      ref: '5',
      reason: 'Insufficient funds',
    });
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    expect((await new ClickProvider(settings, clock, down).charge(subscription('t'), 100, 'UZS')).ok).toBe(
      false,
    );
    const never = (async () => {
      throw new Error('not called');
    }) as unknown as typeof fetch;
    const provider = new ClickProvider(settings, clock, never);
    expect(await provider.charge(subscription(null), 100, 'UZS')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no card/),
    });
    expect((await provider.charge(subscription('t'), 100, 'USD')).ok).toBe(false);
  });
});

describe("ClickProvider's card tokens and reversal (Merchant API)", () => {
  /** A fetch that answers `answer` and keeps what was sent. */
  function recording(answer: object) {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchImpl = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answer));
    }) as unknown as typeof fetch;
    return { calls, provider: new ClickProvider(settings, clock, fetchImpl) };
  }
  const authOf = (init: RequestInit) => (init.headers as Record<string, string>).auth;
  const expectedAuth = clickAuthHeader('901', 'click-secret-key', Date.parse('2026-06-01T00:00:00Z') / 1000);

  it('asks Click to keep a card for renewals, signed, and answers its token and the phone the code went to', async () => {
    const { calls, provider } = recording({
      error_code: 0,
      error_note: 'Success',
      card_token: 'CT-1',
      phone_number: '99890*****67',
      temporary: 0,
    });
    expect(await provider.requestCardToken('8600123456789012', '0330')).toEqual({
      ok: true,
      cardToken: 'CT-1',
      phoneNumber: '99890*****67',
    });
    expect(calls[0]!.url).toBe('https://api.click.uz/v2/merchant/card_token/request');
    expect(calls[0]!.init.method).toBe('POST');
    expect(authOf(calls[0]!.init)).toBe(expectedAuth);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      service_id: 12345,
      card_number: '8600123456789012',
      expire_date: '0330',
      temporary: 0,
    });
  });

  it('verifies the card with the SMS code and answers its masked number', async () => {
    const { calls, provider } = recording({
      error_code: 0,
      error_note: 'Success',
      card_number: '860012******9012',
    });
    expect(await provider.verifyCardToken('CT-1', '123456')).toEqual({
      ok: true,
      cardNumber: '860012******9012',
    });
    expect(calls[0]!.url).toBe('https://api.click.uz/v2/merchant/card_token/verify');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      service_id: 12345,
      card_token: 'CT-1',
      sms_code: 123456,
    });
  });

  it('reverses a payment by its Click id with DELETE and no body', async () => {
    const { calls, provider } = recording({ error_code: 0, error_note: 'Success', payment_id: 9876 });
    expect(await provider.reversePayment('9876')).toEqual({ ok: true });
    expect(calls[0]!.url).toBe('https://api.click.uz/v2/merchant/payment/reversal/12345/9876');
    expect(calls[0]!.init.method).toBe('DELETE');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(authOf(calls[0]!.init)).toBe(expectedAuth);
    // Never a path built from something that is not Click's numeric id.
    expect(await provider.reversePayment('../card_token')).toEqual({
      ok: false,
      reason: 'Not a Click payment id',
    });
    expect(calls).toHaveLength(1);
  });

  it("answers Click's refusals with Click's note, and an unreachable Click as such", async () => {
    const refused = recording({ error_code: -5017, error_note: 'Card not found' }).provider;
    expect(await refused.requestCardToken('8600000000000000', '0130')).toEqual({
      ok: false,
      reason: 'Card not found',
    });
    expect(await refused.verifyCardToken('CT-1', '000000')).toEqual({ ok: false, reason: 'Card not found' });
    expect(await refused.reversePayment('5')).toEqual({ ok: false, reason: 'Card not found' });
    const down = new ClickProvider(settings, clock, (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch);
    expect(await down.requestCardToken('8600000000000000', '0130')).toEqual({
      ok: false,
      reason: 'Click could not be reached',
    });
    expect(await down.reversePayment('5')).toEqual({ ok: false, reason: 'Click could not be reached' });
  });
});

describe('the SHOP API sign_string', () => {
  const prepare = {
    click_trans_id: '2001',
    service_id: '12345',
    merchant_trans_id: 'sess_1',
    amount: '49000',
    action: '0',
    sign_time: '2026-06-01 10:00:00',
  };

  it('is the MD5 of the fields and the secret key in the documented order', () => {
    const manual = createHash('md5')
      .update('200112345click-secret-keysess_14900002026-06-01 10:00:00')
      .digest('hex');
    expect(clickSignString(prepare, 'click-secret-key')).toBe(manual);
  });

  it('puts merchant_prepare_id after merchant_trans_id on Complete', () => {
    const manual = createHash('md5')
      .update('200112345click-secret-keysess_155490001' + '2026-06-01 10:00:00')
      .digest('hex');
    expect(clickSignString({ ...prepare, merchant_prepare_id: '55', action: '1' }, 'click-secret-key')).toBe(
      manual,
    );
  });

  it('matches in either case and fails on any other field or key', () => {
    const sign = clickSignString(prepare, 'click-secret-key');
    expect(clickSignMatches(prepare, 'click-secret-key', sign.toUpperCase())).toBe(true);
    expect(clickSignMatches({ ...prepare, amount: '49000.00' }, 'click-secret-key', sign)).toBe(false);
    expect(clickSignMatches(prepare, 'another-secret', sign)).toBe(false);
    expect(clickSignMatches(prepare, 'click-secret-key', 'abc')).toBe(false);
  });
});

describe("so'm and tiyin", () => {
  it('parses the decimal strings Click sends to whole tiyin, without floats', () => {
    expect(somToTiyin('49000')).toBe(4_900_000);
    expect(somToTiyin('49000.00')).toBe(4_900_000);
    expect(somToTiyin('49000.0')).toBe(4_900_000);
    expect(somToTiyin('49000.5')).toBe(4_900_050);
    expect(somToTiyin('0.07')).toBe(7);
    expect(somToTiyin('1.10000')).toBe(110);
    for (const bad of ['', '49000.005', '-1', '1e5', '49 000', '49,000', '.5', 'abc'])
      expect(somToTiyin(bad), bad).toBeNull();
  });

  it("writes tiyin as so'm", () => {
    expect(tiyinToSom(4_900_000)).toBe('49000');
    expect(tiyinToSom(4_900_050)).toBe('49000.50');
    expect(tiyinToSom(7)).toBe('0.07');
    expect(tiyinToSom(0)).toBe('0');
    expect(() => tiyinToSom(1.5)).toThrow(RangeError);
  });
});

describe('the Merchant API Auth header', () => {
  it('is merchant_user_id:SHA1(timestamp + secret):timestamp', () => {
    const digest = createHash('sha1').update('1700000000click-secret-key').digest('hex');
    expect(clickAuthHeader('901', 'click-secret-key', 1_700_000_000)).toBe(`901:${digest}:1700000000`);
  });
});
