/**
 * Who may play what, at which quality: the billing module decides (`EntitlementService.forTitle`, plan-aware);
 * streaming asks it through this shape.
 */
import type { SessionUser } from '../../../platform/viewer-session.js';

export interface Entitlement {
  mayPlay: boolean;
  /** The highest rendition height the viewer may receive. */
  maxHeight: number;
  /** A house trailer before the feature (plans with ads). */
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
