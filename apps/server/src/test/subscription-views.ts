import type { SubscriptionReply, SubscriptionSummary } from '@salomtv/contract';
import type { TestClient } from './harness.js';

/** A small RFC 4180 reader for the tests' CSV files: the rows, each a list of cells. */
export function parseCsvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return rows;
}

/** A CSV export's records by their header's names (the BOM first). */
export function parseCsv(text: string): Record<string, string>[] {
  const rows = parseCsvRows(text.replace(/^\uFEFF/, ''));
  const [header, ...records] = rows;
  return records.map((record) => Object.fromEntries(header!.map((name, i) => [name, record[i] ?? ''])));
}

/** One viewer's subscription as each screen reads it: their own page, the admin's list, user page and CSV. */
export interface SubscriptionViews {
  viewer: SubscriptionReply;
  list: { plan_name: string; summary: SubscriptionSummary } | undefined;
  userPage: SubscriptionReply;
  csv: Record<string, string> | undefined;
}

export async function subscriptionViews(
  admin: TestClient,
  viewer: TestClient,
  userId: number,
): Promise<SubscriptionViews> {
  const own = await viewer.get('/api/billing/subscription');
  if (own.statusCode !== 200) throw new Error(`subscription: ${own.statusCode} ${own.body}`);
  const list = (await admin.get('/api/admin/subscriptions?pageSize=100')).json().items as {
    user_id: number;
    plan_name: string;
    summary: SubscriptionSummary;
  }[];
  const page = await admin.get(`/api/web/user/${userId}/activity`);
  const csv = parseCsv((await admin.get('/api/admin/export/subscriptions.csv')).body);
  return {
    viewer: own.json(),
    list: list.find((row) => row.user_id === userId),
    userPage: page.json().subscription,
    csv: csv.find((row) => row.user_id === String(userId)),
  };
}

/** What the CSV row says, read back into the summary's terms. */
export function csvSays(row: Record<string, string>) {
  return {
    plan: row.plan,
    status: row.status,
    plan_next: row.plan_next,
    next_charge_at: row.next_charge_at,
    pending_change: row.pending_change,
    cancel_at_period_end: row.cancel_at_period_end,
    card: row.card,
    summary: row.summary,
  };
}

/** What the CSV row should say for a summary. */
export function csvOf(s: SubscriptionSummary) {
  return {
    plan: s.plan_now?.name ?? (s.trial ? 'Free trial' : ''),
    status: s.status,
    plan_next: s.plan_next?.name ?? '',
    next_charge_at: s.next_charge_at ?? '',
    pending_change: s.pending_change
      ? `${s.pending_change.kind}: ${s.pending_change.plan.name}${s.pending_change.at ? ` at ${s.pending_change.at.slice(0, 10)}` : ''}`
      : '',
    cancel_at_period_end: s.cancel_at_period_end ? 'yes' : 'no',
    card: s.card ?? '',
    summary: s.text,
  };
}
