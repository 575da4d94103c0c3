import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { type AdminDb, asAdminDb, CUSTOMER_STATUSES } from './foreign-tables.js';

/** A half-open time range [from, to) of ISO strings. */
export interface Range {
  from: string;
  to: string;
}

/**
 * The dashboard's figures. Every figure is one SQL aggregate over a range of an indexed date column
 * (users.created_at, payments.created_at, subscriptions.status): timestamps are ISO-8601 UTC text, so
 * ranges compare as text, the same on SQLite and PostgreSQL.
 */
export class DashboardRepo {
  private readonly db: AdminDb;
  constructor(db: Kysely<Database>) {
    this.db = asAdminDb(db);
  }

  async countSignups(range: Range): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .where('role', '=', 'user')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Subscribers now: active or trialing. */
  async countCustomersNow(): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', 'in', [...CUSTOMER_STATUSES])
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Subscribers at a past moment: started by then and not ended by then. */
  async countCustomersAt(moment: string): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('created_at', '<=', moment)
      .where((eb) => eb.or([eb('ended_at', 'is', null), eb('ended_at', '>', moment)]))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Titles added in the range that are published now.
   * TODO(catalog): titles has no published_at; with one, count by the publishing date instead.
   */
  async countPublishedTitles(range: Range): Promise<number> {
    const row = await this.db
      .selectFrom('titles')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('status', '=', 'published')
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The currency most plans are priced in (the dashboard reports revenue in it). */
  async mainCurrency(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('plans')
      .select(['currency', (eb) => eb.fn.countAll<number>().as('plans')])
      .groupBy('currency')
      .orderBy('plans', 'desc')
      .orderBy('currency')
      .limit(1)
      .executeTakeFirst();
    return row?.currency;
  }

  /**
   * Status and currency are tested inside the sum, so the only WHERE condition is the created_at range and
   * the planner walks payments_created_at_idx over just the period's rows (not every succeeded payment).
   */
  private succeededCents(currency: string) {
    return sql<
      number | null
    >`sum(case when status = ${'succeeded'} and currency = ${currency} then amount_cents else 0 end)`;
  }

  private succeededCount(currency: string) {
    return sql<
      number | null
    >`sum(case when status = ${'succeeded'} and currency = ${currency} then 1 else 0 end)`;
  }

  async revenue(range: Range, currency: string): Promise<number> {
    const row = await this.db
      .selectFrom('payments')
      .select(this.succeededCents(currency).as('total'))
      .where('created_at', '>=', range.from)
      .where('created_at', '<', range.to)
      .executeTakeFirstOrThrow();
    return Number(row.total ?? 0);
  }

  /**
   * Succeeded payments per bucket, one range sum per bucket: each is an index-only range scan of the
   * covering index, and no GROUP BY has to sort a year of rows.
   */
  async revenueSeries(buckets: (Range & { bucket: string })[], currency: string) {
    return Promise.all(
      buckets.map(async ({ bucket, from, to }) => {
        const row = await this.db
          .selectFrom('payments')
          .select([
            this.succeededCents(currency).as('amount_cents'),
            this.succeededCount(currency).as('payments'),
          ])
          .where('created_at', '>=', from)
          .where('created_at', '<', to)
          .executeTakeFirstOrThrow();
        return { bucket, amount_cents: Number(row.amount_cents ?? 0), payments: Number(row.payments ?? 0) };
      }),
    );
  }

  /**
   * Titles by their views: the viewers who watched each past the view threshold, each counted once (the counter
   * the viewers' cards show, so the admin and the home page give one figure).
   */
  async mostWatchedByViews(limit: number) {
    const rows = await this.db
      .selectFrom('titles')
      .select(['movie_id', 'title', 'view_count'])
      .where('view_count', '>', 0)
      .orderBy('view_count', 'desc')
      .orderBy('movie_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      movie_id: row.movie_id,
      title: row.title || `#${row.movie_id}`,
      views: Number(row.view_count),
    }));
  }

  latestJobs(limit: number) {
    return this.db
      .selectFrom('media_jobs')
      .leftJoin('media_assets', 'media_assets.asset_id', 'media_jobs.target_id')
      .leftJoin('titles', 'titles.movie_id', 'media_assets.movie_id')
      .select([
        'media_jobs.job_id',
        'media_jobs.kind',
        'media_assets.kind as asset_kind',
        'media_jobs.status',
        'media_jobs.progress',
        'media_jobs.priority',
        'media_jobs.error',
        'media_jobs.started_at',
        'media_jobs.finished_at',
        'media_jobs.created_at',
        'titles.movie_id',
        'titles.title',
      ])
      .orderBy('media_jobs.job_id', 'desc')
      .limit(limit)
      .execute();
  }

  latestPayments(limit: number) {
    return this.db
      .selectFrom('payments')
      .leftJoin('users', 'users.user_id', 'payments.user_id')
      .leftJoin('plans', 'plans.plan_id', 'payments.plan_id')
      .select([
        'payments.payment_id',
        'payments.user_id',
        'users.first_name',
        'users.last_name',
        'users.phone_number',
        'plans.name as plan',
        'payments.amount_cents',
        'payments.currency',
        'payments.status',
        'payments.created_at',
      ])
      .orderBy('payments.payment_id', 'desc')
      .limit(limit)
      .execute();
  }
}
