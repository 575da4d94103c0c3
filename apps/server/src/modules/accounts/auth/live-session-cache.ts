import { VersionedCache } from '../../../lib/versioned-cache.js';
import type { LiveSession, LiveSessionReader } from '../../../platform/viewer-session.js';

/** Live sessions an instance keeps at most (about a kilobyte each with the account's subscription and plan). */
export const LIVE_SESSIONS_KEPT = 10_000;

/**
 * Live sessions kept in memory for the current access version (migration 0008). Every signed-in call reads its
 * session, with the account's plan for what it may watch; with this, a session read before costs the call a
 * share of one version read per turn of the event loop and a map look-up. A sign-out, a disabled account, a role,
 * trial, subscription or plan change, on any instance, bumps the version inside its own transaction, so the next
 * call anywhere reads the session again. Expiry is checked on every call; unknown tokens are never kept.
 */
export class LiveSessionCache implements LiveSessionReader {
  private readonly kept: VersionedCache<LiveSession>;

  constructor(
    private readonly read: LiveSessionReader,
    private readonly version: () => Promise<number>,
    maxEntries = LIVE_SESSIONS_KEPT,
  ) {
    this.kept = new VersionedCache(maxEntries);
  }

  async findLive(sessionHash: string, nowIso: string): Promise<LiveSession | undefined> {
    // The version first: a session read after it is at least as new as the version it is kept under.
    const version = await this.version();
    const found = await this.kept.get(version, sessionHash, async () => {
      const live = await this.read.findLive(sessionHash, nowIso);
      return live && deepFreeze(live);
    });
    if (found && found.expires_at <= nowIso) {
      this.kept.delete(sessionHash);
      return undefined;
    }
    return found;
  }
}

/** Kept sessions are handed to many requests at once: none of them may change one. */
function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child !== null && typeof child === 'object' && !Object.isFrozen(child)) deepFreeze(child);
  }
  return Object.freeze(value);
}
