import {
  DEFAULT_MAX_PROFILES,
  PLAN_FEATURES,
  type Plan,
  type PlanCreateBody,
  type PlanFeatures,
  type planCreateBodySchema,
  type planUpdateBodySchema,
  type QualityCap,
} from '@salomtv/contract';
import type { ContractForm } from '../../../../shared/ui/contract-form';
import { centsToText, textToCents } from '../lib/money';
import type { PriceRow } from './plan-prices-fields';

/** What the plan editor holds: prices as typed (in major units), the limits as their inputs' text. */
export interface PlanFormValues {
  code: string;
  name: string;
  names: Record<string, string>;
  monthly: string;
  yearly: string;
  currency: string;
  /** Prices in the other currencies. */
  prices: PriceRow[];
  quality_cap: QualityCap;
  features: PlanFeatures;
  max_streams: string;
  max_profiles: string;
  offered: boolean;
}

export type PlanFormState = ContractForm<
  PlanFormValues,
  typeof planCreateBodySchema | typeof planUpdateBodySchema
>;

const NO_FEATURES = Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, false])) as PlanFeatures;

/** The editor's fields for a plan, or for a new one when `plan` is null. */
export const planFormValues = (plan: Plan | null): PlanFormValues => ({
  code: plan?.code ?? '',
  name: plan?.name ?? '',
  names: { ...plan?.names },
  monthly: centsToText(plan?.monthly_price_cents ?? null),
  yearly: centsToText(plan?.yearly_price_cents ?? null),
  currency: plan?.currency ?? 'USD',
  prices: Object.entries(plan?.prices ?? {})
    .filter(([currency]) => currency !== plan?.currency)
    .map(([currency, price]) => ({
      currency,
      monthly: centsToText(price.month),
      yearly: centsToText(price.year),
    })),
  quality_cap: plan?.quality_cap ?? 480,
  features: plan ? { ...plan.features } : { ...NO_FEATURES },
  max_streams: String(plan?.max_streams ?? 1),
  max_profiles: String(plan?.max_profiles ?? DEFAULT_MAX_PROFILES),
  offered: plan?.offered ?? true,
});

/** The body to save: every price in minor units, the plan's own currency first among them. */
export function planBody(values: PlanFormValues, isNew: boolean): PlanCreateBody {
  const monthly = textToCents(values.monthly);
  const yearly = textToCents(values.yearly);
  const prices: Record<string, { month: number; year: number | null }> = {
    [values.currency]: { month: monthly ?? 0, year: yearly ?? null },
  };
  for (const row of values.prices) {
    const month = textToCents(row.monthly);
    const year = textToCents(row.yearly);
    if (month != null && year !== undefined && !(row.currency in prices))
      prices[row.currency] = { month, year };
  }
  return {
    ...(isNew ? { code: values.code.trim() } : {}),
    name: values.name,
    names: values.names,
    monthly_price_cents: monthly ?? 0,
    yearly_price_cents: yearly ?? null,
    currency: values.currency,
    prices,
    quality_cap: values.quality_cap,
    features: values.features,
    max_streams: Number(values.max_streams),
    max_profiles: Number(values.max_profiles),
    offered: values.offered,
  } as PlanCreateBody;
}

/** The prices as typed: each must read as an amount, and each other currency be a new three-letter code. */
export function planChecks(values: PlanFormValues): Record<string, string> {
  const found: Record<string, string> = {};
  const monthly = textToCents(values.monthly);
  if (monthly === null) found.monthly = 'Enter the monthly price';
  else if (monthly === undefined) found.monthly = 'Enter a price such as 19.00';
  if (textToCents(values.yearly) === undefined)
    found.yearly = 'Enter a price such as 69.90, or leave it empty';
  const seen = new Set([values.currency]);
  values.prices.forEach((row, index) => {
    const month = textToCents(row.monthly);
    if (!/^[A-Z]{3}$/.test(row.currency))
      found[`prices.${index}.currency`] = 'Use a three-letter currency code such as UZS';
    else if (seen.has(row.currency)) found[`prices.${index}.currency`] = 'This currency has a price already';
    seen.add(row.currency);
    if (month === null) found[`prices.${index}.monthly`] = 'Enter the monthly price';
    else if (month === undefined) found[`prices.${index}.monthly`] = 'Enter a price such as 49000';
    if (textToCents(row.yearly) === undefined)
      found[`prices.${index}.yearly`] = 'Enter a price such as 490000, or leave it empty';
  });
  return found;
}
