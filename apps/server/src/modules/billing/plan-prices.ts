import type { BillingInterval, CurrencyPrice, PlanPrices } from '@salomtv/contract';
import type { PlanRow } from './plan-repo.js';

type PricedPlan = Pick<PlanRow, 'prices' | 'currency' | 'monthly_price_cents' | 'yearly_price_cents'>;

const isMinor = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/**
 * The plan's prices by currency, read from its `prices` column; the plan's own currency always has the price of
 * its `monthly_price_cents` / `yearly_price_cents` columns (the two are written together).
 */
export function pricesOf(row: PricedPlan): PlanPrices {
  const prices: PlanPrices = {};
  try {
    const parsed: unknown = JSON.parse(row.prices);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [currency, price] of Object.entries(parsed as Record<string, Partial<CurrencyPrice>>)) {
        if (price && isMinor(price.month))
          prices[currency.toUpperCase()] = {
            month: price.month,
            year: isMinor(price.year) ? price.year : null,
          };
      }
    }
  } catch {
    // An unreadable column leaves the plan with its own currency's price only.
  }
  prices[row.currency] = { month: row.monthly_price_cents, year: row.yearly_price_cents };
  return prices;
}

/** The plan's price in `currency` for an interval; null when it is not sold in that currency or by that interval. */
export function planPrice(row: PricedPlan, interval: BillingInterval, currency: string): number | null {
  const price = pricesOf(row)[currency.toUpperCase()];
  if (!price) return null;
  return interval === 'year' ? price.year : price.month;
}

/**
 * What the plan's next period is billed at for a subscription on `interval` in `currency`: its price then in
 * force, monthly when the plan has lost its yearly price; null when the plan is no longer sold in the currency.
 */
export function renewalTerms(
  row: PricedPlan,
  interval: BillingInterval,
  currency: string,
): { interval: BillingInterval; priceCents: number } | null {
  const price = pricesOf(row)[currency.toUpperCase()];
  if (!price) return null;
  return interval === 'year' && price.year !== null
    ? { interval: 'year', priceCents: price.year }
    : { interval: 'month', priceCents: price.month };
}

/**
 * The columns for a plan's prices: `prices` as given (or as stored), with the plan currency's price from
 * `monthly` / `yearly` when given; the price columns repeat that currency's price. Undefined when the plan's currency
 * would be left without a price.
 */
export function priceColumns(
  base: PlanPrices,
  currency: string,
  own: { monthly?: number; yearly?: number | null },
): Pick<PlanRow, 'prices' | 'monthly_price_cents' | 'yearly_price_cents'> | undefined {
  const prices: PlanPrices = { ...base };
  const current = prices[currency];
  const month = own.monthly ?? current?.month;
  if (month === undefined) return undefined;
  const year = own.yearly !== undefined ? own.yearly : (current?.year ?? null);
  prices[currency] = { month, year };
  const sorted = Object.fromEntries(Object.entries(prices).sort(([a], [b]) => a.localeCompare(b)));
  return { prices: JSON.stringify(sorted), monthly_price_cents: month, yearly_price_cents: year };
}
