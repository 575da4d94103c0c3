import type { SubscriptionReply } from '@salomtv/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  billingViewer,
  CARD_DECLINED,
  CARD_FAILS_LATER,
  CARD_OK,
  DAY_MS,
  planByCode,
  setPlanPrices,
} from '../../test/billing.js';
import { createTestApp, signedInAdmin, type TestApp, type TestClient } from '../../test/harness.js';
import { csvOf, csvSays, subscriptionViews } from '../../test/subscription-views.js';

const PLANS = ['basic', 'standard', 'platinum', 'premium'] as const;
const CARDS = [CARD_OK, CARD_OK, CARD_FAILS_LATER, CARD_DECLINED] as const;

type Step =
  | { op: 'purchase'; plan: (typeof PLANS)[number]; card: string; saved: boolean }
  | { op: 'change'; plan: (typeof PLANS)[number] }
  | { op: 'undo' | 'cancel' | 'resume' | 'renewal' | 'trialEnd' | 'failingCard' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('purchase' as const),
      plan: fc.constantFrom(...PLANS),
      card: fc.constantFrom(...CARDS),
      saved: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('change' as const), plan: fc.constantFrom(...PLANS) }),
  },
  ...(['undo', 'cancel', 'resume', 'renewal', 'trialEnd', 'failingCard'] as const).map((op) => ({
    weight: 1,
    arbitrary: fc.constant({ op }),
  })),
);

interface Payment {
  payment_id: number;
  amount_cents: number;
  status: string;
  plan_id: number | null;
}

/**
 * Random sequences of what a viewer and time do to a subscription (demo provider, the service's clock moved by
 * hand): after every step the viewer's page, the admin's list and user page and the CSV row say the same, and
 * every payment taken is one the viewer was shown before it was taken.
 */
describe('one truth about a subscription, whatever the viewer does', () => {
  let t: TestApp;
  let admin: TestClient;
  const planIds = new Map<string, number>();
  beforeAll(async () => {
    // Sessions outlast the months the clock is moved by.
    t = await createTestApp({ SESSION_TTL_HOURS: '100000' });
    admin = await signedInAdmin(t.app);
    await setPlanPrices(t.app, {
      basic: { monthly: 900, yearly: null },
      standard: { monthly: 1400, yearly: null },
      platinum: { monthly: 2500, yearly: null },
      premium: { monthly: 2900, yearly: null },
    });
    for (const code of PLANS) planIds.set(code, (await planByCode(t.app, code)).plan_id);
  });
  afterAll(() => t.close());

  const ok = (status: number, body: string) => {
    // A step the state does not allow is refused (409, a declined card 402, no saved card 409): never a 500.
    expect([200, 402, 409], body).toContain(status);
    return status === 200;
  };

  async function paymentsOf(userId: number): Promise<Payment[]> {
    return t.app.container.database.db
      .selectFrom('payments')
      .select(['payment_id', 'amount_cents', 'status', 'plan_id'])
      .where('user_id', '=', userId)
      .orderBy('payment_id')
      .execute();
  }

  it('the viewer, the admin and the CSV agree after every step, and no money is taken unannounced', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 10 }), async (steps) => {
        const v = await billingViewer(t.app);
        const client = v.client;
        const view = async () => (await client.get('/api/billing/subscription')).json() as SubscriptionReply;
        let before = await view();
        for (const s of steps) {
          const paidBefore = await paymentsOf(v.userId);
          // What the viewer was shown would be charged by this step (amount, plan), if anything.
          const announced: { amount: number; planId: number | null }[] = [];
          const now = t.clock.now().getTime();
          switch (s.op) {
            case 'purchase': {
              const planId = planIds.get(s.plan)!;
              const checkout = await client.post('/api/billing/checkout', {
                plan_id: planId,
                interval: 'month',
              });
              if (!ok(checkout.statusCode, checkout.body)) break;
              const session = checkout.json().session_id as string;
              const page = (await client.get(`/api/billing/demo/session/${session}`)).json();
              // "Nothing is charged today" during the trial; else the price on the page.
              if (page.first_payment_at === null) announced.push({ amount: page.price_cents, planId });
              const paid =
                s.saved && page.saved_card
                  ? await client.post('/api/billing/demo/pay-saved', { session })
                  : await client.post('/api/billing/demo/pay', {
                      session,
                      card_number: s.card,
                      exp: '12/39',
                      cvc: '123',
                      name: 'P',
                    });
              ok(paid.statusCode, paid.body);
              break;
            }
            case 'change': {
              const planId = planIds.get(s.plan)!;
              const preview = await client.get(`/api/billing/change-plan/preview?plan_id=${planId}`);
              if (!ok(preview.statusCode, preview.body)) break;
              announced.push({ amount: preview.json().amount_due_now_cents, planId });
              const changed = await client.post('/api/billing/change-plan', { plan_id: planId });
              ok(changed.statusCode, changed.body);
              break;
            }
            case 'undo':
            case 'cancel':
            case 'resume': {
              const path = s.op === 'undo' ? '/api/billing/change-plan/undo' : `/api/billing/${s.op}`;
              const answer = await client.post(path);
              ok(answer.statusCode, answer.body);
              break;
            }
            case 'failingCard': {
              const answer = await client.post('/api/billing/demo/card', {
                card_number: CARD_FAILS_LATER,
                exp: '12/39',
                cvc: '123',
                name: 'P',
              });
              ok(answer.statusCode, answer.body);
              // A past-due renewal is retried with the new card at once, at the price shown.
              if (before.summary.next_charge_cents !== null)
                announced.push({
                  amount: before.summary.next_charge_cents,
                  planId: before.summary.plan_next?.plan_id ?? null,
                });
              break;
            }
            case 'renewal':
            case 'trialEnd': {
              const target =
                s.op === 'trialEnd'
                  ? before.trial_ends_at
                  : (before.summary.next_charge_at ?? before.access_until);
              const at = target ? new Date(target).getTime() + 60_000 : now + 10 * DAY_MS;
              t.clock.advance(Math.max(at - now, DAY_MS));
              if (before.summary.next_charge_cents !== null)
                announced.push({
                  amount: before.summary.next_charge_cents,
                  planId: before.summary.plan_next?.plan_id ?? null,
                });
              await t.app.container.services.renewal.renewDue();
              break;
            }
          }

          // Every screen says the same.
          const views = await subscriptionViews(admin, client, v.userId);
          if (views.list) {
            expect(views.list.summary).toEqual(views.viewer.summary);
            expect(views.list.plan_name).toBe(
              views.viewer.summary.plan_now?.name ?? (views.viewer.summary.trial ? 'Free trial' : 'None'),
            );
          }
          expect(views.userPage.summary).toEqual(views.viewer.summary);
          if (views.csv) expect(csvSays(views.csv)).toEqual(csvOf(views.viewer.summary));
          // The viewer's words and the reply's fields do not contradict each other.
          expect(views.viewer.summary.card).toBe(views.viewer.payment_method_summary);
          expect(views.viewer.summary.plan_now?.plan_id ?? null).toBe(views.viewer.plan?.plan_id ?? null);

          // No money taken that the viewer was not shown: each payment taken in this step was announced.
          const paidAfter = await paymentsOf(v.userId);
          const known = new Set(paidBefore.map((p) => p.payment_id));
          for (const payment of paidAfter.filter(
            (p) => !known.has(p.payment_id) && p.status === 'succeeded',
          )) {
            expect(announced, `step ${s.op} took ${payment.amount_cents}`).toContainEqual({
              amount: payment.amount_cents,
              planId: payment.plan_id,
            });
          }
          // The viewer's history shows every payment attempt recorded, and only those.
          const history = (await client.get('/api/billing/payments?pageSize=100')).json().items as Payment[];
          expect(history.map((p) => [p.payment_id, p.amount_cents, p.status]).reverse()).toEqual(
            paidAfter.map((p) => [p.payment_id, p.amount_cents, p.status]),
          );
          before = views.viewer;
        }
      }),
      { numRuns: 20, seed: 41 },
    );
  }, 60_000);
});
