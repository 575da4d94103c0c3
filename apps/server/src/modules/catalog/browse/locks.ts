import type { Collection, TitleLock } from '@salomtv/contract';
import type { SessionUser } from '../../../platform/viewer-session.js';

/** Why a title's feature is locked for a viewer (null: it plays). */
export type LockCheck = (
  collections: readonly string[],
) => { reason: TitleLock; feature: Collection | null } | null;

/**
 * Where the catalogue learns which titles the viewer may play (billing's entitlements): one call per request,
 * then a plain function per card.
 */
export interface TitleLocks {
  /** The viewer as their session (which may carry their plan, read with it) or their id; the same rule for the same access while it holds, so callers may key on it. */
  lockRule(viewer: SessionUser | number | undefined): Promise<LockCheck>;
}
