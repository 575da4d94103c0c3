import type { Collection, TitleLock } from '@salomtv/contract';

/** Why a title's feature is locked for a viewer (null: it plays). */
export type LockCheck = (
  collections: readonly string[],
) => { reason: TitleLock; feature: Collection | null } | null;

/**
 * Where the catalogue learns which titles the viewer may play (billing's entitlements): one call per request,
 * then a plain function per card.
 */
export interface TitleLocks {
  lockRule(userId: number | undefined): Promise<LockCheck>;
}
