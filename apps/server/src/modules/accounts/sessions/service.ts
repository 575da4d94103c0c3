import type { AccountSession } from '@salomtv/contract';
import type { Clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import type { SessionUser } from '../../../platform/viewer-session.js';
import type { SessionRepo } from '../auth/session-repo.js';
import { deviceOf } from './device.js';

/**
 * The account's sessions list: each signed-in browser with its device and last use, any of which can be ended.
 * Ending one deletes its row, which bumps the access version (migration 0008), so every instance's live-session
 * cache reads it again on that session's next call and finds it gone.
 */
export class AccountSessionsService {
  constructor(
    private readonly sessions: SessionRepo,
    private readonly clock: Clock,
  ) {}

  async list(viewer: SessionUser): Promise<AccountSession[]> {
    const rows = await this.sessions.listForUser(viewer.user_id, this.clock.now().toISOString());
    return rows
      .filter((row) => row.public_id !== null)
      .map((row) => ({
        id: row.public_id!,
        ...deviceOf(row.user_agent),
        created_at: row.created_at,
        last_used_at: row.last_used_at,
        current: row.session_hash === viewer.session_hash,
      }));
  }

  /** Ends one of the account's sessions; answers whether it was the caller's own (its cookie then goes too). */
  async end(viewer: SessionUser, id: string): Promise<{ ended_this: boolean }> {
    const ended = await this.sessions.deleteByPublicId(viewer.user_id, id);
    if (!ended) throw notFound('No such session');
    return { ended_this: ended === viewer.session_hash };
  }

  /** Signs out every other session of the account, and this one too when asked. */
  async endAll(viewer: SessionUser, includeThis: boolean): Promise<void> {
    await this.sessions.deleteForUser(viewer.user_id, includeThis ? undefined : viewer.session_hash);
  }
}
