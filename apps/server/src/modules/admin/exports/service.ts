import type { SubscriptionSummary } from '@salomtv/contract';
import type { AuditService } from '../../../platform/audit/service.js';
import type { SubscriptionExport } from '../../billing/module.js';
import { csvLines } from './csv.js';
import type { ExportRepo } from './repo.js';

type ExportName = 'users' | 'subscriptions' | 'payments';

const money = (cents: number) => (cents / 100).toFixed(2);
const flag = (value: number) => (value === 1 ? 'yes' : 'no');
/** The plan in force: its name, 'Free trial' while the trial runs, or nothing. */
export const planOf = (s: SubscriptionSummary) => s.plan_now?.name ?? (s.trial ? 'Free trial' : '');
/** 'downgrade: Basic at 2026-07-01' and the like. */
export const pendingOf = (s: SubscriptionSummary) =>
  s.pending_change
    ? `${s.pending_change.kind}: ${s.pending_change.plan.name}${s.pending_change.at ? ` at ${s.pending_change.at.slice(0, 10)}` : ''}`
    : '';

/** CSV downloads of users, subscriptions and payments, streamed batch by batch; each export is audited. */
export class ExportService {
  constructor(
    private readonly repo: ExportRepo,
    private readonly subscriptions: SubscriptionExport,
    private readonly audit: AuditService,
  ) {}

  async open(actor: { user_id: number }, name: ExportName): Promise<AsyncGenerator<string>> {
    await this.audit.record(actor, 'export', name, null, null, { file: `${name}.csv` });
    switch (name) {
      case 'users':
        return csvLines(
          [
            { header: 'user_id', value: (r) => r.user_id },
            { header: 'phone_number', value: (r) => r.phone_number },
            { header: 'email', value: (r) => r.email },
            { header: 'first_name', value: (r) => r.first_name },
            { header: 'last_name', value: (r) => r.last_name },
            { header: 'role', value: (r) => r.role },
            { header: 'status', value: (r) => r.status },
            { header: 'verified', value: (r) => flag(r.verified) },
            { header: 'gender', value: (r) => r.gender },
            { header: 'nationality', value: (r) => r.nationality },
            { header: 'language', value: (r) => r.language },
            { header: 'dob', value: (r) => r.dob },
            { header: 'trial_ends_at', value: (r) => r.trial_ends_at },
            { header: 'created_at', value: (r) => r.created_at },
          ],
          this.repo.users(),
        );
      case 'subscriptions':
        // The words are billing's summary, the same as the viewer's page and the admin's screens.
        return csvLines(
          [
            { header: 'subscription_id', value: (r) => r.subscription_id },
            { header: 'user_id', value: (r) => r.user_id },
            { header: 'phone_number', value: (r) => r.phone_number },
            { header: 'email', value: (r) => r.email },
            { header: 'plan', value: (r) => planOf(r.summary) },
            { header: 'status', value: (r) => r.summary.status },
            { header: 'plan_next', value: (r) => r.summary.plan_next?.name ?? '' },
            { header: 'next_charge_at', value: (r) => r.summary.next_charge_at },
            {
              header: 'next_charge',
              value: (r) => (r.summary.next_charge_cents === null ? '' : money(r.summary.next_charge_cents)),
            },
            { header: 'pending_change', value: (r) => pendingOf(r.summary) },
            { header: 'cancel_at_period_end', value: (r) => (r.summary.cancel_at_period_end ? 'yes' : 'no') },
            { header: 'card', value: (r) => r.summary.card },
            { header: 'summary', value: (r) => r.summary.text },
            { header: 'billing_interval', value: (r) => r.billing_interval },
            { header: 'price', value: (r) => (r.summary.plan_now ? money(r.price_cents) : '') },
            { header: 'currency', value: (r) => r.currency },
            { header: 'current_period_start', value: (r) => r.current_period_start },
            { header: 'current_period_end', value: (r) => r.current_period_end },
            { header: 'ended_at', value: (r) => r.ended_at },
            { header: 'created_at', value: (r) => r.created_at },
          ],
          this.subscriptions.exportRows(),
        );
      case 'payments':
        return csvLines(
          [
            { header: 'payment_id', value: (r) => r.payment_id },
            { header: 'created_at', value: (r) => r.created_at },
            { header: 'user_id', value: (r) => r.user_id },
            { header: 'phone_number', value: (r) => r.phone_number },
            { header: 'plan', value: (r) => r.plan },
            { header: 'amount', value: (r) => money(r.amount_cents) },
            { header: 'currency', value: (r) => r.currency },
            { header: 'status', value: (r) => r.status },
            { header: 'provider', value: (r) => r.provider },
            { header: 'provider_ref', value: (r) => r.provider_ref },
            { header: 'description', value: (r) => r.description },
            { header: 'failure_reason', value: (r) => r.failure_reason },
          ],
          this.repo.payments(),
        );
    }
  }
}
