import { describe, expect, it } from 'vitest';
import { planPrice, priceColumns, pricesOf, renewalTerms } from './plan-prices.js';

const plan = (prices: string) => ({
  prices,
  currency: 'USD',
  monthly_price_cents: 1900,
  yearly_price_cents: 19000,
});

describe("a plan's prices per currency", () => {
  const priced = plan('{"USD":{"month":1900,"year":19000},"UZS":{"month":4900000,"year":null}}');

  it('reads each currency, and always the plan currency from its own columns', () => {
    expect(pricesOf(priced)).toEqual({
      USD: { month: 1900, year: 19000 },
      UZS: { month: 4_900_000, year: null },
    });
    expect(pricesOf(plan('not json'))).toEqual({ USD: { month: 1900, year: 19000 } });
    expect(pricesOf(plan('{"UZS":{"month":"49000"}}'))).toEqual({ USD: { month: 1900, year: 19000 } });
  });

  it('answers the price of a currency and interval, or null where there is none', () => {
    expect(planPrice(priced, 'month', 'uzs')).toBe(4_900_000);
    expect(planPrice(priced, 'year', 'UZS')).toBeNull();
    expect(planPrice(priced, 'month', 'EUR')).toBeNull();
  });

  it("renews a yearly so'm subscription monthly once the plan has no yearly so'm price; not at all without so'm", () => {
    expect(renewalTerms(priced, 'year', 'UZS')).toEqual({ interval: 'month', priceCents: 4_900_000 });
    expect(renewalTerms(priced, 'year', 'USD')).toEqual({ interval: 'year', priceCents: 19000 });
    expect(renewalTerms(priced, 'month', 'PKR')).toBeNull();
  });

  it("writes the plan currency's price to both the prices and the price columns", () => {
    const columns = priceColumns({ UZS: { month: 4_900_000, year: null } }, 'USD', {
      monthly: 2500,
      yearly: null,
    });
    expect(columns).toEqual({
      prices: '{"USD":{"month":2500,"year":null},"UZS":{"month":4900000,"year":null}}',
      monthly_price_cents: 2500,
      yearly_price_cents: null,
    });
    expect(priceColumns({ UZS: { month: 4_900_000, year: null } }, 'USD', {})).toBeUndefined();
  });
});
