import type { Role } from '@salomtv/contract';
import { addMs, type Clock, DAY_MS } from '../../lib/clock.js';
import { AppError, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { toE164 } from '../../lib/phone.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import type { RateLimitService } from '../limits/service.js';
import type { UserRepo, UserRow } from '../users/repo.js';
import type { LiveSessionReader, SessionRepo, SessionUser } from './session-repo.js';

export interface AuthSettings {
  sessionTtlHours: number;
  sessionRememberDays: number;
  loginMaxFailures: number;
  loginWindowMinutes: number;
}

export interface NewSession {
  token: string;
  role: Role;
  /** Set for "Remember me": the cookie outlives the browser. */
  persistentUntil: Date | undefined;
}

const WRONG_CREDENTIALS = 'The phone number or password is wrong';

export class AuthService {
  constructor(
    private readonly users: UserRepo,
    private readonly sessions: SessionRepo,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly settings: AuthSettings,
  ) {
    this.liveSessions = sessions;
  }

  /**
   * Who reads a token's live session: the sessions table alone until the composition root hands over its reader
   * (the live-session cache over billing's read, which also reads the account's plan that most signed-in calls
   * ask next).
   */
  liveSessions: LiveSessionReader;

  /** Finds the account by phone number (any common format) or email. */
  private async findAccount(login: string): Promise<UserRow | undefined> {
    if (login.includes('@')) return this.users.findByEmail(login);
    const phone = toE164(login.startsWith('+') ? login : `+${login.replace(/^0+/, '')}`);
    return phone ? this.users.findByPhone(phone) : undefined;
  }

  async signIn(input: {
    login: string;
    password: string;
    remember: boolean;
    address: string;
    previousToken: string | undefined;
  }): Promise<NewSession> {
    const rule = {
      limit: this.settings.loginMaxFailures,
      windowMs: this.settings.loginWindowMinutes * 60_000,
    };
    const loginKey = `login:id:${input.login.toLowerCase()}`;
    const addressKey = `login:ip:${input.address}`;
    for (const key of [loginKey, addressKey]) {
      const verdict = await this.limits.check(key, {
        ...rule,
        limit: key === addressKey ? rule.limit * 4 : rule.limit,
      });
      if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    }

    const user = await this.findAccount(input.login);
    let passwordOk = false;
    if (user) passwordOk = await verifyPassword(user.password_hash, input.password);
    else await burnPasswordCheck(input.password);
    if (!user || !passwordOk) {
      await this.limits.consume(loginKey, rule);
      await this.limits.consume(addressKey, { ...rule, limit: rule.limit * 4 });
      throw new AppError(401, 'wrong_credentials', WRONG_CREDENTIALS);
    }
    if (user.status !== 'active') {
      throw new AppError(403, 'account_disabled', 'This account is disabled. Contact support to enable it.');
    }
    await this.limits.reset(loginKey);
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

  async resolve(token: string | undefined): Promise<SessionUser | undefined> {
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
