// Dashboard aggregates over 100,000 users, 1,000,000 playback rows and 100,000 payments, seeded with one
// set-based INSERT per table (a recursive CTE on SQLite, generate_series on PostgreSQL), then timed through
// the admin API in process (app.inject): the figure is the database's and the service's work, not HTTP's.
import path from 'node:path';
import { ADMIN_PASSWORD, ADMIN_PHONE, Client, openApp } from './fixture.mjs';
import { median } from './tools.mjs';

export const USERS = 100_000;
export const PLAYBACK_ROWS = 1_000_000;
const TITLES_PER_USER = PLAYBACK_ROWS / USERS;

async function seed(app, sql) {
  const db = app.container.database.db;
  const pg = app.container.database.dialect === 'postgres';
  const count = async (table, where = sql`true`) =>
    Number((await sql`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db)).rows[0].n);
  // Sequences of n rows and ISO dates `days` back, written once per dialect.
  const series = (n) => (pg ? sql`generate_series(0, ${sql.lit(n - 1)}) as s(i)` : sql`s`);
  const withSeries = (n) =>
    pg
      ? sql``
      : sql`with recursive s(i) as (select 0 union all select i + 1 from s where i < ${sql.lit(n - 1)}) `;
  const isoDaysAgo = (days) =>
    pg
      ? sql`to_char((now() at time zone 'UTC') - (${days}) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || (${days}) || ' days')`;
  const pad = (expr) => (pg ? sql`lpad((${expr})::text, 7, '0')` : sql`printf('%07d', ${expr})`);

  const started = Date.now();
  if ((await count('users', sql`phone_number like '+99897%'`)) < USERS) {
    await sql`${withSeries(USERS)}insert into users (phone_number, password_hash, role, status, verified, created_at, updated_at)
      select '+99897' || ${pad(sql`i`)}, 'bench', 'user', 'active', 1, ${isoDaysAgo(sql`i % 400`)}, ${isoDaysAgo(sql`i % 400`)}
      from ${series(USERS)}`.execute(db);
  }
  // Each account's owner profile, as sign-up makes it: playback rows belong to a profile.
  await sql`insert into profiles (user_id, name, avatar, position, created_at, updated_at)
    select user_id, 'Me', 'avatar:0', 0, created_at, updated_at from users
    where phone_number like '+99897%'
      and not exists (select 1 from profiles p where p.user_id = users.user_id)`.execute(db);
  const firstUser = Number(
    (await sql`select min(user_id) as id from users where phone_number like '+99897%'`.execute(db)).rows[0]
      .id,
  );
  const titles = (await sql`select movie_id from titles order by movie_id`.execute(db)).rows.map((r) =>
    Number(r.movie_id),
  );
  const firstTitle = titles[0];
  if (titles.length < TITLES_PER_USER || titles[TITLES_PER_USER - 1] !== firstTitle + TITLES_PER_USER - 1)
    throw new Error('the dashboard seed needs 10 titles with consecutive ids (seed the catalogue first)');
  if ((await count('playback_progress', sql`user_id >= ${firstUser}`)) < PLAYBACK_ROWS) {
    // Literals, not parameters: better-sqlite3 binds numbers as REAL, and i / n must stay integer division.
    const userOf = sql`${sql.lit(firstUser)} + (i % ${sql.lit(USERS)})`;
    const titleOf = sql`${sql.lit(firstTitle)} + (i / ${sql.lit(USERS)})`;
    const profileOf = sql`(select p.profile_id from profiles p where p.user_id = ${userOf} and p.position = 0)`;
    await sql`${withSeries(PLAYBACK_ROWS)}insert into playback_progress (user_id, profile_id, title_id, episode_id, position_seconds, duration_seconds, finished, updated_at)
      select ${userOf}, ${profileOf}, ${titleOf}, 0, (i % 3600), 3600, (case when i % 7 = 0 then 1 else 0 end), ${isoDaysAgo(sql`i % 60`)}
      from ${series(PLAYBACK_ROWS)}`.execute(db);
  }
  if ((await count('payments', sql`description = 'bench'`)) < USERS) {
    const currency =
      (await sql`select currency from plans order by plan_id limit 1`.execute(db)).rows[0]?.currency ?? 'USD';
    await sql`${withSeries(USERS)}insert into payments (user_id, amount_cents, currency, status, provider, description, created_at)
      select ${sql.lit(firstUser)} + i, 999, ${currency}, (case when i % 10 = 0 then 'failed' else 'succeeded' end), 'demo', 'bench', ${isoDaysAgo(sql`i % 365`)}
      from ${series(USERS)}`.execute(db);
  }
  await sql`analyze`.execute(db);
  return (Date.now() - started) / 1000;
}

const CALLS = [
  '/api/admin/dashboard',
  '/api/admin/dashboard/revenue?period=year',
  '/api/admin/dashboard/most-watched',
  '/api/admin/dashboard/payments',
];

/** Median time of each dashboard call and of the whole dashboard (all calls, as the page makes them). */
export async function measureDashboard({ root, env, label, rounds }) {
  const app = await openApp(root, env);
  try {
    const { sql } = await import(path.join(root, 'node_modules/kysely/dist/esm/index.js'));
    const seedSeconds = await seed(app, sql);
    const admin = new Client(app);
    await admin.signIn(ADMIN_PHONE, ADMIN_PASSWORD);
    const time = async (url) => {
      const started = process.hrtime.bigint();
      await admin.ok('GET', url);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    for (const url of CALLS) await time(url); // warm-up
    const perCall = Object.fromEntries(CALLS.map((url) => [url, []]));
    const whole = [];
    for (let round = 0; round < Math.max(3, rounds); round++) {
      // Each call alone, then all of them at once, as the dashboard page asks for them.
      for (const url of CALLS) perCall[url].push(await time(url));
      const started = process.hrtime.bigint();
      await Promise.all(CALLS.map((url) => admin.ok('GET', url)));
      whole.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const slowest = Object.entries(perCall)
      .map(([url, times]) => [url, median(times)])
      .sort((a, b) => b[1] - a[1]);
    return {
      name: `dashboard aggregates on ${label} (${USERS / 1000}k users, ${PLAYBACK_ROWS / 1e6}M playback rows, ${USERS / 1000}k payments)`,
      ours: `${Math.round(median(whole))} ms for the whole dashboard`,
      reference: `slowest call ${slowest[0][0]} ${Math.round(slowest[0][1])} ms (seeded in ${seedSeconds.toFixed(0)} s)`,
      ratio: median(whole),
      goal: 'under 500 ms (figure; no reference)',
      met: median(whole) < 500,
      detail: Object.fromEntries(slowest.map(([url, ms]) => [url, Math.round(ms)])),
    };
  } finally {
    await app.close();
  }
}
