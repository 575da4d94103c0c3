import type { Role } from '@salomtv/contract';
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
import { type LoginName, loginName } from './login-name.js';
import type { SessionRepo } from './session-repo.js';

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
  ) {}

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
  }): Promise<NewSession> {
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
    return this.startSession(user.user_id, user.role, input.remember);
  }

  /** Issues a fresh session id (sign-in and sign-up both rotate to a new one). */
  async startSession(userId: number, role: Role, remember: boolean): Promise<NewSession> {
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
    });
    return { token, role, persistentUntil: remember ? expiresAt : undefined };
  }

  async resolve(token: string | undefined): Promise<LiveSession | undefined> {
    if (!token || token.length > 100) return undefined;
    return this.liveSessions.findLive(sha256Hex(token), this.clock.now().toISOString());
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
