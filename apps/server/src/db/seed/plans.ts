import type { PlanCreateInput, PlanSeeding } from '../../modules/billing/module.js';

const all = {
  new_movies: true,
  salomtv_special: true,
  america_tv_shows: true,
  hollywood_movies: true,
  video_quality: true,
  add_free_entertainment: true,
};

/** The seeded plans' names in the seeded languages (migration 0023 gives them to plans seeded before). */
export const PLAN_NAMES = {
  basic: { Uz: 'Asosiy', Ru: 'Базовый', Ur: 'بنیادی' },
  standard: { Uz: 'Standart', Ru: 'Стандарт', Ur: 'اسٹینڈرڈ' },
  platinum: { Uz: 'Platina', Ru: 'Платинум', Ur: 'پلاٹینم' },
  premium: { Uz: 'Premium', Ru: 'Премиум', Ur: 'پریمیم' },
} as const;

/**
 * The spec's four plans (section 9): each $19 a month (and $190 a year), and in so'm 49 000, 89 000, 129 000 and
 * 149 000 a month (ten months' price a year; tiyin in the data); SD 480p for Basic, HD 720p for
 * Standard, FHD 1080p for Platinum and Premium. Basic lacks the special collection, American TV shows and
 * ad-free viewing; Standard lacks ad-free viewing; Platinum and Premium have everything. Streams at once:
 * 1, 2, 3, 4.
 */
export const DEFAULT_PLANS: readonly PlanCreateInput[] = [
  {
    code: 'basic',
    name: 'Basic',
    names: PLAN_NAMES.basic,
    monthly_price_cents: 1900,
    yearly_price_cents: 19000,
    currency: 'USD',
    prices: { USD: { month: 1900, year: 19000 }, UZS: { month: 4_900_000, year: 49_000_000 } },
    quality_cap: 480,
    features: { ...all, salomtv_special: false, america_tv_shows: false, add_free_entertainment: false },
    max_streams: 1,
    max_profiles: 5,
    offered: true,
    sort_order: 10,
  },
  {
    code: 'standard',
    name: 'Standard',
    names: PLAN_NAMES.standard,
    monthly_price_cents: 1900,
    yearly_price_cents: 19000,
    currency: 'USD',
    prices: { USD: { month: 1900, year: 19000 }, UZS: { month: 8_900_000, year: 89_000_000 } },
    quality_cap: 720,
    features: { ...all, add_free_entertainment: false },
    max_streams: 2,
    max_profiles: 5,
    offered: true,
    sort_order: 20,
  },
  {
    code: 'platinum',
    name: 'Platinum',
    names: PLAN_NAMES.platinum,
    monthly_price_cents: 1900,
    yearly_price_cents: 19000,
    currency: 'USD',
    prices: { USD: { month: 1900, year: 19000 }, UZS: { month: 12_900_000, year: 129_000_000 } },
    quality_cap: 1080,
    features: all,
    max_streams: 3,
    max_profiles: 5,
    offered: true,
    sort_order: 30,
  },
  {
    code: 'premium',
    name: 'Premium',
    names: PLAN_NAMES.premium,
    monthly_price_cents: 1900,
    yearly_price_cents: 19000,
    currency: 'USD',
    prices: { USD: { month: 1900, year: 19000 }, UZS: { month: 14_900_000, year: 149_000_000 } },
    quality_cap: 1080,
    features: all,
    max_streams: 4,
    max_profiles: 5,
    offered: true,
    sort_order: 40,
  },
];

/** Seeds the plans on an empty table; an admin's edits are never overwritten. */
export async function seedPlans(plans: PlanSeeding, log: { info(message: string): void }): Promise<void> {
  if (await plans.seedDefaults(DEFAULT_PLANS)) log.info('seeded plans Basic, Standard, Platinum, Premium');
}
