import {
  PLAN_FEATURES,
  type Plan,
  type PlanFeatures,
  type planCreateBodySchema,
  planNameIn,
  type planUpdateBodySchema,
  QUALITY_LABELS,
  type QualityCap,
} from '@salomtv/contract';
import type { z } from 'zod';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AuditActor, AuditService } from '../../platform/audit/service.js';
import { priceColumns, pricesOf } from './plan-prices.js';
import type { PlanRepo, PlanRow } from './plan-repo.js';

export type PlanCreateInput = z.output<typeof planCreateBodySchema>;
export type PlanUpdateInput = z.output<typeof planUpdateBodySchema>;

export function planFeatures(row: PlanRow): PlanFeatures {
  return Object.fromEntries(PLAN_FEATURES.map((feature) => [feature, row[feature] === 1])) as PlanFeatures;
}

/** The stored names by language, without blanks (a language without one reads the plan's own name). */
function namesOf(json: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
      ),
    );
  } catch {
    return {};
  }
}

const namesColumn = (names: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(Object.entries(names).filter(([, name]) => name !== '')));

export function toPlan(row: PlanRow): Plan {
  const cap = row.quality_cap as QualityCap;
  return {
    plan_id: row.plan_id,
    code: row.code,
    name: row.name,
    names: namesOf(row.names),
    monthly_price_cents: row.monthly_price_cents,
    yearly_price_cents: row.yearly_price_cents,
    currency: row.currency,
    prices: pricesOf(row),
    quality_cap: cap,
    quality_label: QUALITY_LABELS[cap],
    features: planFeatures(row),
    max_streams: row.max_streams,
    max_profiles: row.max_profiles,
    offered: row.offered === 1,
    sort_order: row.sort_order,
  };
}

function featureColumns(features: Partial<PlanFeatures>): Partial<Record<keyof PlanFeatures, number>> {
  const columns: Partial<Record<keyof PlanFeatures, number>> = {};
  for (const feature of PLAN_FEATURES) {
    const value = features[feature];
    if (value !== undefined) columns[feature] = value ? 1 : 0;
  }
  return columns;
}

/** Plans are data an admin edits; a price change reaches subscribers only at their next renewal. */
export class PlanService {
  constructor(
    private readonly plans: PlanRepo,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  /** The plans on offer, each named in `language` where it has a name in it. */
  async listOffered(language?: string): Promise<Plan[]> {
    return (await this.plans.list({ offeredOnly: true })).map((row) => {
      const plan = toPlan(row);
      return { ...plan, name: planNameIn(plan, language) };
    });
  }

  async listAll(): Promise<Plan[]> {
    return (await this.plans.list({ offeredOnly: false })).map(toPlan);
  }

  async get(planId: number): Promise<Plan> {
    return toPlan(await this.requireRow(planId));
  }

  async create(input: PlanCreateInput, actor: AuditActor): Promise<Plan> {
    if (await this.plans.findByCode(input.code)) throw this.codeTaken();
    const now = this.clock.now().toISOString();
    const sortOrder = input.sort_order ?? (await this.plans.maxSortOrder()) + 10;
    const prices = this.pricesFor(input.prices ?? {}, input.currency, {
      monthly: input.monthly_price_cents,
      yearly: input.yearly_price_cents,
    });
    let row: PlanRow;
    try {
      row = await this.plans.insert({
        code: input.code,
        name: input.name,
        names: namesColumn(input.names),
        ...prices,
        currency: input.currency,
        quality_cap: input.quality_cap,
        new_movies: 0,
        salomtv_special: 0,
        america_tv_shows: 0,
        hollywood_movies: 0,
        video_quality: 0,
        add_free_entertainment: 0,
        ...featureColumns(input.features),
        max_streams: input.max_streams,
        max_profiles: input.max_profiles,
        offered: input.offered ? 1 : 0,
        sort_order: sortOrder,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (await this.plans.findByCode(input.code)) throw this.codeTaken();
      throw error;
    }
    const plan = toPlan(row);
    await this.audit.record(actor, 'create', 'plan', plan.plan_id, null, plan);
    return plan;
  }

  async update(planId: number, input: PlanUpdateInput, actor: AuditActor): Promise<Plan> {
    const row = await this.requireRow(planId);
    if (input.offered === false && row.offered === 1) {
      const offered = await this.plans.list({ offeredOnly: true });
      if (offered.length === 1) {
        throw conflict('At least one plan must stay offered', { offered: 'This is the only plan on offer' });
      }
    }
    const currency = input.currency ?? row.currency;
    const prices = this.pricesFor(input.prices ?? pricesOf(row), currency, {
      monthly: input.monthly_price_cents,
      yearly: input.yearly_price_cents,
    });
    await this.plans.update(planId, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.names !== undefined ? { names: namesColumn(input.names) } : {}),
      ...prices,
      currency,
      ...(input.quality_cap !== undefined ? { quality_cap: input.quality_cap } : {}),
      ...(input.features ? featureColumns(input.features) : {}),
      ...(input.max_streams !== undefined ? { max_streams: input.max_streams } : {}),
      ...(input.max_profiles !== undefined ? { max_profiles: input.max_profiles } : {}),
      ...(input.offered !== undefined ? { offered: input.offered ? 1 : 0 } : {}),
      ...(input.sort_order !== undefined ? { sort_order: input.sort_order } : {}),
      updated_at: this.clock.now().toISOString(),
    });
    const after = await this.get(planId);
    await this.audit.record(actor, 'update', 'plan', planId, toPlan(row), after);
    return after;
  }

  /** Inserts the given plans when the table is empty; true when it did. */
  async seedDefaults(defaults: readonly PlanCreateInput[]): Promise<boolean> {
    if ((await this.plans.count()) > 0) return false;
    for (const plan of defaults) await this.create(plan, null);
    return true;
  }

  /** The price columns, or a 400 when the plan's own currency would be left without a monthly price. */
  private pricesFor(
    prices: Record<string, { month: number; year: number | null }>,
    currency: string,
    own: { monthly?: number; yearly?: number | null },
  ) {
    const columns = priceColumns(prices, currency, own);
    if (!columns) {
      throw badRequest(`Give the plan a monthly price in ${currency}, its own currency`, {
        prices: `The plan's currency (${currency}) needs a monthly price`,
      });
    }
    return columns;
  }

  private async requireRow(planId: number): Promise<PlanRow> {
    const row = await this.plans.findById(planId);
    if (!row) throw notFound('This plan does not exist');
    return row;
  }

  private codeTaken() {
    return conflict('Another plan already uses this code', { code: 'This code is taken' });
  }
}
