import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../config.js';
import { createPaymentProviders } from './registry.js';

const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/x', PUBLIC_URL: 'https://tv.example.com' };
const CLICK = {
  CLICK_SERVICE_ID: '12345',
  CLICK_MERCHANT_ID: '678',
  CLICK_SECRET_KEY: 'click-test-secret',
  CLICK_MERCHANT_USER_ID: '901',
};
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
const clock = { now: () => new Date('2026-06-01T00:00:00Z') };
const registry = (env: Record<string, string>) =>
  createPaymentProviders(loadConfig({ ...base, ...env }), clock);
const names = (providers: { name: string }[]) => providers.map((provider) => provider.name);

describe('payment providers (PAYMENT_PROVIDERS)', () => {
  it('a fresh install takes payments through the demo provider, in any currency', () => {
    const providers = registry({});
    expect(providers.names).toEqual(['demo']);
    expect(names(providers.takes('UZS'))).toEqual(['demo']);
    expect(names(providers.takes('USD'))).toEqual(['demo']);
  });

  it("offers Click for so'm only and Stripe for every currency but so'm, in the order listed", () => {
    const providers = registry({ PAYMENT_PROVIDERS: 'click, stripe', ...CLICK, ...STRIPE });
    expect(providers.names).toEqual(['click', 'stripe']);
    expect(names(providers.takes('UZS'))).toEqual(['click']);
    expect(names(providers.takes('usd'))).toEqual(['stripe']);
    expect(names(providers.takes('PKR'))).toEqual(['stripe']);
    expect(providers.primary.name).toBe('click');
    expect(providers.choose('UZS', undefined).name).toBe('click');
    expect(providers.choose('USD', undefined).name).toBe('stripe');
    expect(() => providers.choose('USD', 'click')).toThrow(/does not take USD/);
    expect(() => providers.choose('UZS', 'demo')).toThrow(/not taken here/);
  });

  it('gives a subscription its own provider, and none when this server no longer has it', () => {
    const providers = registry({ PAYMENT_PROVIDERS: 'demo,click', ...CLICK });
    expect(providers.of({ provider: 'click' })?.name).toBe('click');
    expect(providers.of({ provider: 'demo' })?.name).toBe('demo');
    expect(providers.of({ provider: 'stripe' })).toBeUndefined();
  });

  it('keeps PAYMENT_PROVIDER as a one-provider list', () => {
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe', ...STRIPE }).paymentProviders).toEqual([
      'stripe',
    ]);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe', PAYMENT_PROVIDERS: 'demo' })).toThrow(
      /PAYMENT_PROVIDERS alone/,
    );
  });

  it('stops the start on an unknown or repeated provider', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDERS: 'demo,paypal' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDERS: 'demo,demo' })).toThrow(/twice/);
  });

  it('production refuses the demo provider unless told it is a rehearsal', () => {
    const production = {
      ...base,
      NODE_ENV: 'production',
      SMS_CONSOLE_IN_PRODUCTION: 'true',
      EMAIL_CONSOLE_IN_PRODUCTION: 'true',
      TOTP_ENCRYPTION_KEY: 'k'.repeat(32),
    };
    expect(() => loadConfig(production)).toThrow(/production refuses it/);
    expect(() => loadConfig({ ...production, PAYMENT_PROVIDERS: 'stripe,demo', ...STRIPE })).toThrow(
      /production refuses it/,
    );
    expect(loadConfig({ ...production, PAYMENT_PROVIDERS: 'stripe', ...STRIPE }).paymentProviders).toEqual([
      'stripe',
    ]);
    expect(loadConfig({ ...production, PAYMENT_DEMO_IN_PRODUCTION: 'true' }).paymentProviders).toEqual([
      'demo',
    ]);
  });

  it("fails closed when click is listed without Click's settings, naming the missing one", () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDERS: 'demo,click' })).toThrow(
      /CLICK_SERVICE_ID: required when PAYMENT_PROVIDERS names click/,
    );
    const { CLICK_SECRET_KEY: _, ...withoutKey } = CLICK;
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDERS: 'click', ...withoutKey })).toThrow(
      /CLICK_SECRET_KEY/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDERS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
  });

  it("leaves Click's settings unused while click is not listed", () => {
    expect(loadConfig({ ...base, ...CLICK }).click).toBeUndefined();
    expect(registry({ ...CLICK }).get('click')).toBeUndefined();
  });
});
