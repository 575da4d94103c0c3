import {
  RECONCILIATION_UTC_OFFSET_HOURS,
  type ReconciledProvider,
  type ReconciliationDay,
  type ReconciliationQuery,
  type ReconciliationReply,
} from '@salomtv/contract';
import { DAY_MS, HOUR_MS } from '../../lib/clock.js';
import type { PaymentRepo } from './payment-repo.js';

/** One transaction a provider says it was paid, as its own records (the calls it made to us) have it. */
export interface ProviderSettlement {
  ref: string;
  amountMinor: number;
  /** When the provider took the money (ISO). */
  at: string;
  refunded: boolean;
}

/** A provider's own record of what it was paid, read for reconciliation. */
export interface ProviderLedger {
  readonly provider: ReconciledProvider;
  readonly currency: string;
  /** Its paid transactions in a time range (ISO, `from` included, `to` not). */
  settledBetween(fromIso: string, toIso: string): Promise<ProviderSettlement[]>;
}

export interface ReconciliationDeps {
  payments: PaymentRepo;
  /** The providers set up on this server whose records can be read. */
  ledgers: readonly ProviderLedger[];
}

const OFFSET_MS = RECONCILIATION_UTC_OFFSET_HOURS * HOUR_MS;
const dayOf = (iso: string) => new Date(Date.parse(iso) + OFFSET_MS).toISOString().slice(0, 10);
const emptyTally = () => ({ count: 0, amount_minor: 0 });
const add = (tally: { count: number; amount_minor: number }, amount: number) => {
  tally.count += 1;
  tally.amount_minor += amount;
};

/**
 * Our payments against what each provider told us, per Tashkent day: totals on both sides and every transaction
 * that differs (paid there and not recorded here, recorded here and unknown there, another amount, a refund on one
 * side only).
 */
export class ReconciliationService {
  constructor(private readonly deps: ReconciliationDeps) {}

  async report(query: ReconciliationQuery): Promise<ReconciliationReply> {
    const start = Date.parse(`${query.from}T00:00:00Z`) - OFFSET_MS;
    const end = Date.parse(`${query.to}T00:00:00Z`) + DAY_MS - OFFSET_MS;
    const dates: string[] = [];
    for (let at = start; at < end; at += DAY_MS) dates.push(dayOf(new Date(at).toISOString()));
    // A payment and the provider's record of it can fall either side of midnight: both sides are read a day wider
    // and paired by the provider's id, and a pair is counted on the provider's day.
    const wideFrom = new Date(start - DAY_MS).toISOString();
    const wideTo = new Date(end + DAY_MS).toISOString();
    const providers = this.deps.ledgers.map((ledger) => ledger.provider);
    const ours = providers.length ? await this.deps.payments.settledBetween(providers, wideFrom, wideTo) : [];
    const days: ReconciliationDay[] = [];
    for (const ledger of this.deps.ledgers) {
      const byDate = new Map<string, ReconciliationDay>(
        dates.map((date) => [
          date,
          {
            date,
            provider: ledger.provider,
            currency: ledger.currency,
            ours: emptyTally(),
            theirs: emptyTally(),
            refunded_ours: emptyTally(),
            refunded_theirs: emptyTally(),
            differences: [],
          },
        ]),
      );
      const mine = new Map(
        ours
          .filter((p) => p.provider === ledger.provider)
          .map((p) => [p.provider_ref ?? `#${p.payment_id}`, p]),
      );
      for (const theirs of await ledger.settledBetween(wideFrom, wideTo)) {
        const payment = mine.get(theirs.ref);
        mine.delete(theirs.ref);
        const day = byDate.get(dayOf(theirs.at));
        if (!day) continue;
        add(day.theirs, theirs.amountMinor);
        if (theirs.refunded) add(day.refunded_theirs, theirs.amountMinor);
        if (payment) {
          add(day.ours, payment.amount_cents);
          if (payment.status === 'refunded') add(day.refunded_ours, payment.amount_cents);
        }
        const kind = !payment
          ? 'missing_here'
          : payment.amount_cents !== theirs.amountMinor
            ? 'amount'
            : (payment.status === 'refunded') !== theirs.refunded
              ? 'state'
              : null;
        if (kind) {
          day.differences.push({
            kind,
            provider_ref: theirs.ref,
            payment_id: payment?.payment_id ?? null,
            ours_minor: payment?.amount_cents ?? null,
            theirs_minor: theirs.amountMinor,
            at: theirs.at,
          });
        }
      }
      for (const [ref, payment] of mine) {
        const day = byDate.get(dayOf(payment.created_at));
        if (!day) continue;
        add(day.ours, payment.amount_cents);
        if (payment.status === 'refunded') add(day.refunded_ours, payment.amount_cents);
        day.differences.push({
          kind: 'missing_there',
          provider_ref: ref,
          payment_id: payment.payment_id,
          ours_minor: payment.amount_cents,
          theirs_minor: null,
          at: payment.created_at,
        });
      }
      days.push(...byDate.values());
    }
    days.sort((a, b) => a.date.localeCompare(b.date) || a.provider.localeCompare(b.provider));
    return { from: query.from, to: query.to, providers, days };
  }
}
