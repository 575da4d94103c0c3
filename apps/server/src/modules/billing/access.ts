import {
  PLAN_FEATURES,
  type PlanFeatures,
  type QualityCap,
  type SubscriptionStatus,
} from '@salomtv/contract';
import type { AccountFacts, SubscriptionRow } from './account-billing.js';
import { lapsedBefore, renewalLapsed, trialRunning } from './billing-periods.js';
import type { PlanRow } from './plan-repo.js';
import { planFeatures } from './plan-service.js';

export type EffectiveStatus = SubscriptionStatus | 'none';

/** What a viewer may do right now, from their subscription (or trial) and plan. */
export interface ViewerAccess {
  status: EffectiveStatus;
  /** Trialing, active, past due within grace, or canceled before the period ends; admins always. */
  hasAccess: boolean;
  /** Until when the access lasts without a further payment (trial end, period end, grace end). */
  accessUntil: string | null;
  /** The plan subscribed to (during the trial: the plan whose stream limit applies), or null. */
  plan: PlanRow | null;
  /** The features in force: the plan's; all during the trial and for admins. */
  features: PlanFeatures;
  /** The highest rendition in force. */
  maxHeight: QualityCap;
  maxStreams: number;
  /** Plans without ad-free viewing get a pre-roll before a feature. */
  preroll: boolean;
  admin: boolean;
}

const ALL_FEATURES = Object.fromEntries(PLAN_FEATURES.map((f) => [f, true])) as PlanFeatures;
const NO_FEATURES = Object.fromEntries(PLAN_FEATURES.map((f) => [f, false])) as PlanFeatures;
const DEFAULT_TRIAL_STREAMS = 4;

/**
 * The status as of `now`, even when the renewal timer has not yet run: a pending cancellation past its
 * period end is canceled, a past-due subscription past its grace is expired, a trial past its end is expired.
 */
export function effectiveStatus(
  row: SubscriptionRow | undefined,
  facts: AccountFacts,
  now: Date,
): EffectiveStatus {
  const nowIso = now.toISOString();
  if (!row) {
    if (facts.trial_ends_at === null) return 'none';
    return trialRunning(facts.trial_ends_at, now) ? 'trialing' : 'expired';
  }
  switch (row.status) {
    case 'trialing':
      if (trialRunning(facts.trial_ends_at, now)) return 'trialing';
      // A plan bought during the trial is charged at its end: the trial lasts until that charge is applied.
      return row.scheduled_plan_id !== null && !renewalLapsed(row.current_period_end, now)
        ? 'trialing'
        : 'expired';
    case 'active':
      if (row.cancel_at_period_end === 1 && nowIso >= row.current_period_end) return 'canceled';
      return renewalLapsed(row.current_period_end, now) ? 'expired' : 'active';
    case 'past_due':
      return row.grace_until !== null && nowIso >= row.grace_until ? 'expired' : 'past_due';
    default:
      return row.status;
  }
}

/**
 * The first moment after `now` at which `effectiveStatus` may answer differently for the same row and facts (the
 * trial's end, the period's end, the grace's end, the period's lapse), or Infinity: until then an access worked
 * out at `now` holds.
 */
export function statusChangesAt(row: SubscriptionRow | undefined, facts: AccountFacts, now: Date): number {
  const nowMs = now.getTime();
  // A period lapses at `now` once it ended GRACE_DAYS before it (`renewalLapsed`).
  const lapseShift = nowMs - lapsedBefore(now).getTime();
  const moments = [facts.trial_ends_at, row?.current_period_end, row?.grace_until].flatMap((iso) =>
    iso ? [Date.parse(iso)] : [],
  );
  if (row) moments.push(Date.parse(row.current_period_end) + lapseShift);
  let next = Number.POSITIVE_INFINITY;
  for (const moment of moments) if (moment > nowMs && moment < next) next = moment;
  return next;
}

function accessUntil(
  status: EffectiveStatus,
  row: SubscriptionRow | undefined,
  facts: AccountFacts,
): string | null {
  if (status === 'trialing') return facts.trial_ends_at;
  if (status === 'past_due') return row?.grace_until ?? null;
  if (status === 'active') return row?.current_period_end ?? null;
  return null;
}

export function viewerAccess(
  facts: AccountFacts,
  row: SubscriptionRow | undefined,
  plan: PlanRow | undefined,
  now: Date,
): ViewerAccess {
  const status = effectiveStatus(row, facts, now);
  const admin = facts.role === 'admin';
  const subscribed = status === 'active' || status === 'past_due';
  const full = admin || status === 'trialing';
  // A subscription whose plan cannot be read grants nothing (fail closed); trials and admins need no plan.
  const paidPlan = subscribed && !full ? plan : undefined;
  const hasAccess = full || paidPlan !== undefined;
  const features = full ? ALL_FEATURES : paidPlan ? planFeatures(paidPlan) : NO_FEATURES;
  return {
    status,
    hasAccess,
    accessUntil: accessUntil(status, row, facts),
    plan: plan ?? null,
    features,
    maxHeight: full ? 1080 : paidPlan ? (paidPlan.quality_cap as QualityCap) : 480,
    maxStreams: plan?.max_streams ?? DEFAULT_TRIAL_STREAMS,
    preroll: hasAccess && !features.add_free_entertainment,
    admin,
  };
}
