import { GRACE_DAYS } from '@salomtv/contract';
import { describe, expect, it } from 'vitest';
import { effectiveStatus, statusChangesAt } from './access.js';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const start = Date.parse('2026-03-01T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A subscription row with the columns the status reads; the rest do not matter here. */
function subscription(fields: Partial<SubscriptionRow>): SubscriptionRow {
  return {
    status: 'active',
    current_period_end: iso(start + 30 * DAY),
    cancel_at_period_end: 0,
    grace_until: null,
    scheduled_plan_id: null,
    ...fields,
  } as SubscriptionRow;
}

const trialFacts: AccountFacts = { role: 'user', trial_ends_at: iso(start + 7 * DAY) };
const cases: [string, SubscriptionRow | undefined, AccountFacts][] = [
  ['a trial without a row', undefined, trialFacts],
  [
    'a trial with a plan bought during it',
    subscription({ status: 'trialing', scheduled_plan_id: 2 }),
    trialFacts,
  ],
  ['an active plan', subscription({}), { role: 'user', trial_ends_at: null }],
  ['a cancellation at the period end', subscription({ cancel_at_period_end: 1 }), trialFacts],
  [
    'a failed renewal in its grace',
    subscription({ status: 'past_due', grace_until: iso(start + 33 * DAY) }),
    trialFacts,
  ],
];

describe('when an access worked out once stops holding', () => {
  it.each(cases)('never lets %s change status before the moment it names', (_name, row, facts) => {
    // Hour by hour over 60 days: every change of status happens at or before the moment named an hour earlier.
    let changes = 0;
    for (let t = start; t < start + 60 * DAY; t += HOUR) {
      const before = effectiveStatus(row, facts, new Date(t));
      const after = effectiveStatus(row, facts, new Date(t + HOUR));
      if (before !== after) {
        changes++;
        expect(
          statusChangesAt(row, facts, new Date(t)),
          `${before} -> ${after} at ${iso(t + HOUR)}`,
        ).toBeLessThanOrEqual(t + HOUR);
      }
    }
    expect(changes).toBeGreaterThan(0);
  });

  it('names the exact moments: the trial end, the period end, the lapse after the grace days', () => {
    const row = subscription({ cancel_at_period_end: 1 });
    const periodEnd = Date.parse(row.current_period_end);
    expect(statusChangesAt(row, trialFacts, new Date(start))).toBe(start + 7 * DAY);
    expect(statusChangesAt(row, trialFacts, new Date(start + 7 * DAY))).toBe(periodEnd);
    expect(statusChangesAt(row, trialFacts, new Date(periodEnd))).toBe(periodEnd + GRACE_DAYS * DAY);
    expect(statusChangesAt(row, trialFacts, new Date(periodEnd + GRACE_DAYS * DAY))).toBe(
      Number.POSITIVE_INFINITY,
    );
  });
});
