/**
 * Who may play what, at which quality. One function decides; the billing module can replace the provider
 * with plan-aware rules of the same shape (`forTitle(viewer, { collections, trailer })`).
 */
import type { SessionUser } from '../auth/session-repo.js';

export interface Entitlement {
  mayPlay: boolean;
  /** The highest rendition height the viewer may receive. */
  maxHeight: number;
  /** A house trailer before the feature (plans with ads; none yet). */
  preroll: boolean;
}

export interface TitleFacts {
  collections: readonly string[];
  /** The title's trailer rather than the feature: open to all. */
  trailer?: boolean;
}

export interface EntitlementProvider {
  /** The viewer is their session (`request.viewer`), which may carry what the decision reads. */
  forTitle(viewer: SessionUser | undefined, title: TitleFacts): Promise<Entitlement>;
}

export const FULL_HD = 1080;

/**
 * The rule until plans are connected: trailers for everyone, the feature for any signed-in active account
 * (sessions only resolve for active accounts) at up to 1080p, never a pre-roll.
 */
export function entitlement(viewer: { user_id: number } | undefined, title: TitleFacts): Entitlement {
  if (title.trailer) return { mayPlay: true, maxHeight: FULL_HD, preroll: false };
  if (!viewer) return { mayPlay: false, maxHeight: FULL_HD, preroll: false };
  return { mayPlay: true, maxHeight: FULL_HD, preroll: false };
}

export class TrialEntitlements implements EntitlementProvider {
  async forTitle(viewer: SessionUser | undefined, title: TitleFacts): Promise<Entitlement> {
    return entitlement(viewer, title);
  }
}
