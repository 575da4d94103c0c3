import type { Role } from '@salomtv/contract';
import { BoundedMap } from '../../../lib/bounded-map.js';
import { addMs, type Clock, DAY_MS } from '../../../lib/clock.js';
import { AppError, badRequest, unauthorized } from '../../../lib/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../../lib/passwords.js';
import { randomToken, sha256Hex } from '../../../lib/tokens.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type {
  LiveSession,
  LiveSessionReader,
  NewSession,
  SessionResolver,
  SessionUser,
} from '../../../platform/viewer-session.js';
import type { UserRepo, UserRow } from '../users/repo.js';
import { LIVE_SESSIONS_KEPT } from './live-session-cache.js';
import { type LoginName, loginName } from './login-name.js';
import type { SessionRepo } from './session-repo.js';

/** A sign-in whose password was right, waiting for its second step: the pending cookie carries `token`. */
export interface PendingStart {
  token: string;
  expiresAt: Date;
}

/** Whether an account's sign-in takes a second step, and starting one (second-factor/pending-sign-ins.ts). */
export interface SecondStepStarter {
  startIfNeeded(
    userId: number,
    remember: boolean,
    userAgent: string | undefined,
  ): Promise<PendingStart | undefined>;
}

/** What a right password leads to: a session, or (an account with a second factor) a pending sign-in. */
export type SignInResult =
  | { session: NewSession; pending?: never }
  | { pending: PendingStart; session?: never };

/** How often a session's last use is written at most (per instance and session). */
const TOUCH_EVERY_MS = 60_000;
/** The longest User-Agent kept (the sessions list names the browser and system from it). */
const USER_AGENT_KEPT = 512;
export interface AuthSettings {
  sessionTtlHours: number;
  sessionRememberDays: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
}

const WRONG_CREDENTIALS = 'The phone number or password is wrong';
const INVALID_NAME = 'Enter a valid phone number or email';

export class AuthService implements SessionResolver {
  constructor(
    private readonly users: UserRepo,
    private readonly sessions: SessionRepo,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly settings: AuthSettings,
    /** Reads a token's live session with its account's plan (the live-session cache over billing's read). */
    private readonly liveSessions: LiveSessionReader,
    private readonly secondStep: SecondStepStarter,
  ) {}

  /** When this instance last wrote each session's last use. */
  private readonly touched = new BoundedMap<string, number>(LIVE_SESSIONS_KEPT);

  /** The account a sign-in name belongs to, if any. */
  private async findAccount(name: Exclude<LoginName, { kind: 'invalid' }>): Promise<UserRow | undefined> {
    return name.kind === 'email' ? this.users.findByEmail(name.value) : this.users.findByPhone(name.value);
  }

  async signIn(input: {
    login: string;
    /** The country chosen beside the name (ISO 3166 alpha-2): a number may then be typed in its national form. */
    country?: string;
    password: string;
    remember: boolean;
    address: string;
    previousToken: string | undefined;
    userAgent: string | undefined;
  }): Promise<SignInResult> {
    const rule = {
      limit: this.settings.loginMaxFailures,
      windowMs: this.settings.loginWindowMinutes * 60_000,
    };
    const addressRule = { ...rule, limit: rule.limit * 4 };
    const name = loginName(input.login, input.country);
    // Text that can name no account is told so, before any count: no password is checked for it, so it cannot help
    // a guess, and it must not lock the account a mistyped number resembles.
    if (name.kind === 'invalid') throw badRequest(INVALID_NAME, { phone_number: INVALID_NAME });
    const user = await this.findAccount(name);
    // Failures count per account, whichever of its names and spellings was typed; a name without an account
    // counts under its one spelling, so the answers do not tell whether it has one.
    const accountKey = user ? `login:account:${user.user_id}` : `login:name:${name.kind}:${name.value}`;
    const addressKey = `login:ip:${input.address}`;
    // Each try is counted before the password is checked, so tries sent at once cannot pass the limit together;
    // the address first, so a refused address adds nothing to the account's count. A right password clears the
    // account's count and gives the address back its try.
    const passwordOk = await this.limits.guardTry(
      addressKey,
      addressRule,
      () =>
        this.limits.guardTry(accountKey, rule, async () => {
          if (user) return verifyPassword(user.password_hash, input.password);
          await burnPasswordCheck(input.password);
          return false;
        }),
      { onRight: 'giveBack' },
    );
    if (!user || !passwordOk) throw new AppError(401, 'wrong_credentials', WRONG_CREDENTIALS);
    if (user.status !== 'active') {
      throw new AppError(403, 'account_disabled', 'This account is disabled. Contact support to enable it.');
    }
    if (input.previousToken) await this.sessions.delete(sha256Hex(input.previousToken));
    const pending = await this.secondStep.startIfNeeded(user.user_id, input.remember, input.userAgent);
    if (pending) return { pending };
    return { session: await this.startSession(user.user_id, user.role, input.remember, input.userAgent) };
  }

  /** Issues a fresh session id (sign-in and sign-up both rotate to a new one). */
  async startSession(
    userId: number,
    role: Role,
    remember: boolean,
    userAgent: string | undefined,
  ): Promise<NewSession> {
    const now = this.clock.now();
    const ttlMs = remember
      ? this.settings.sessionRememberDays * DAY_MS
      : this.settings.sessionTtlHours * 3_600_000;
    const token = randomToken();
    const expiresAt = addMs(now, ttlMs);
    await this.sessions.insert({
      session_hash: sha256Hex(token),
      user_id: userId,
      remember: remember ? 1 : 0,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      public_id: randomToken(12),
      user_agent: userAgent?.slice(0, USER_AGENT_KEPT) ?? null,
    });
    return { token, role, persistentUntil: remember ? expiresAt : undefined };
  }

  async resolve(token: string | undefined): Promise<LiveSession | undefined> {
    if (!token || token.length > 100) return undefined;
    const now = this.clock.now();
    const live = await this.liveSessions.findLive(sha256Hex(token), now.toISOString());
    if (live) this.noteUse(live.session_hash, now.getTime());
    return live;
  }

  /**
   * Writes the session's last use for the sessions list, at most once a minute per instance and session, without
   * holding up the call: a lost write only shows an older time.
   */
  private noteUse(sessionHash: string, nowMs: number): void {
    const last = this.touched.get(sessionHash);
    if (last !== undefined && nowMs - last < TOUCH_EVERY_MS) return;
    this.touched.set(sessionHash, nowMs);
    const iso = (ms: number) => new Date(ms).toISOString();
    this.sessions.touch(sessionHash, iso(nowMs), iso(nowMs - TOUCH_EVERY_MS)).catch(() => undefined);
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token) await this.sessions.delete(sha256Hex(token));
  }

  /** Ends every session of a user but the current one (password change, account disabled). */
  async endOtherSessions(userId: number, keepToken?: string): Promise<void> {
    await this.sessions.deleteForUser(userId, keepToken ? sha256Hex(keepToken) : undefined);
  }

  requireSignedIn(user: SessionUser | undefined): SessionUser {
    if (!user) throw unauthorized();
    return user;
  }
}
