/**
 * Entitlements: the one place that decides what a viewer may play.
 *
 * For other domains (playback, the catalogue), through the billing module's `services.entitlements`:
 *
 *   entitlements.forTitle(viewer | userId | undefined, { collections, trailer? }): Promise<Entitlement>
 *     -> { mayPlay, maxHeight: 480 | 720 | 1080, preroll, lockedReason?, requiredFeature? }
 *     The whole answer for one title: use it for the master playlist (list renditions <= maxHeight), for each
 *     variant and segment request (refuse a height above maxHeight, refuse all when !mayPlay), and for the
 *     pre-roll decision. Trailers (`trailer: true`) are open to everyone, signed in or not, without pre-roll.
 *   entitlements.capFor(userId): Promise<480 | 720 | 1080 | null>
 *     The plan's quality cap now (null: no access, trailers only). Cheap enough per playlist request.
 *   entitlements.canWatch(userId, collections: string[]): Promise<boolean>
 *     Whether a feature (not a trailer) in these catalogue collections may be played now.
 *
 * The plan's features gate the catalogue's collections of the same names (`GATED_COLLECTIONS`:
 * salomtv_special, america_tv_shows, hollywood_movies). A change of plan takes effect on the next call:
 * nothing is cached beyond one request (a viewer's session, `request.viewer`, carries the account's subscription
 * and plan read with it; pass it instead of the id to save that read). `entitlementFor` below is the pure rule,
 * for callers that already hold a `ViewerAccess`.
 */
import { type Collection, GATED_COLLECTIONS, type QualityCap } from '@salomtv/contract';
import type { SessionUser } from '../../platform/viewer-session.js';
import type { ViewerAccess } from './access.js';

export type LockedReason = 'sign_in' | 'subscribe' | 'upgrade';

export interface Entitlement {
  mayPlay: boolean;
  /** The highest rendition the viewer may receive (for a locked title: what their plan would allow). */
  maxHeight: QualityCap;
  /** A short house trailer before the feature (plans without ad-free viewing). */
  preroll: boolean;
  lockedReason?: LockedReason;
  /** For `upgrade`: the plan feature the title needs. */
  requiredFeature?: Collection;
}

export interface TitleFacts {
  collections: readonly string[];
  /** The title's trailer rather than the feature: open to all. */
  trailer?: boolean;
}

const gated = new Set<string>(GATED_COLLECTIONS);

/** The rule: subscription status and plan features against the title's collections. */
export function entitlementFor(access: ViewerAccess | undefined, title: TitleFacts): Entitlement {
  if (title.trailer) return { mayPlay: true, maxHeight: 1080, preroll: false };
  if (!access) return { mayPlay: false, maxHeight: 480, preroll: false, lockedReason: 'sign_in' };
  if (!access.hasAccess) {
    return { mayPlay: false, maxHeight: access.maxHeight, preroll: false, lockedReason: 'subscribe' };
  }
  for (const collection of title.collections) {
    if (gated.has(collection) && !access.features[collection as Collection]) {
      return {
        mayPlay: false,
        maxHeight: access.maxHeight,
        preroll: false,
        lockedReason: 'upgrade',
        requiredFeature: collection as Collection,
      };
    }
  }
  return { mayPlay: true, maxHeight: access.maxHeight, preroll: access.preroll };
}

/** Reads a viewer's access (the subscription service implements it). */
export interface AccessReader {
  /** A viewer's session may carry what is needed (its billing, read with it): no read then. */
  accessFor(viewer: number | SessionUser): Promise<ViewerAccess>;
}

/** Answers, for a title's collections, why its feature is locked for one viewer (null: it plays). */
export type LockRule = (collections: readonly string[]) => TitleLockFacts | null;

function lockRuleOf(access: ViewerAccess | undefined): LockRule {
  return (collections) => {
    const result = entitlementFor(access, { collections });
    if (result.mayPlay || !result.lockedReason) return null;
    return { reason: result.lockedReason, feature: result.requiredFeature ?? null };
  };
}

/** The service other modules call; see the comment at the top of this file. */
export class EntitlementService {
  /** One rule per access worked out (kept accesses are shared by their session's calls): callers may key on it. */
  private readonly rules = new WeakMap<ViewerAccess, LockRule>();
  private readonly signedOutRule = lockRuleOf(undefined);

  constructor(private readonly access: AccessReader) {}

  async forTitle(viewer: number | SessionUser | undefined, title: TitleFacts): Promise<Entitlement> {
    if (title.trailer) return entitlementFor(undefined, title);
    return entitlementFor(viewer === undefined ? undefined : await this.access.accessFor(viewer), title);
  }

  async capFor(userId: number): Promise<QualityCap | null> {
    const access = await this.access.accessFor(userId);
    return access.hasAccess ? access.maxHeight : null;
  }

  async canWatch(userId: number, collections: readonly string[]): Promise<boolean> {
    return (await this.forTitle(userId, { collections })).mayPlay;
  }

  /** The rule for one viewer, reading their access once: the catalogue marks many cards with it per request. */
  async lockRule(viewer: number | SessionUser | undefined): Promise<LockRule> {
    const access = viewer === undefined ? undefined : await this.access.accessFor(viewer);
    if (access === undefined) return this.signedOutRule;
    let rule = this.rules.get(access);
    if (!rule) {
      rule = lockRuleOf(access);
      this.rules.set(access, rule);
    }
    return rule;
  }
}

/** Why a title's feature is locked for a viewer, and (for `upgrade`) the plan feature it needs. */
export interface TitleLockFacts {
  reason: LockedReason;
  feature: Collection | null;
}
