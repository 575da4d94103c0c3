import {
  NO_PENDING_SIGN_IN,
  type PendingSignIn,
  type SecondFactorMethod,
  type SecondStepBody,
} from '@salomtv/contract';
import { addMs, type Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { randomToken, sha256Hex } from '../../../lib/tokens.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { NewSession } from '../../../platform/viewer-session.js';
import type { PendingStart, SecondStepStarter } from '../auth/service.js';
import type { UserRepo } from '../users/repo.js';
import type { SecondFactorRepo } from './factor-repo.js';
import type { PasskeyRelyingParty } from './passkeys.js';
import type { PendingSignInRepo, PendingSignInRow } from './pending-repo.js';
import { normalRecoveryCode } from './recovery-codes.js';
import type { SecretBox } from './secret-box.js';
import { totpStepOf } from './totp.js';

/** How long a right password waits for its second step. */
export const PENDING_SIGN_IN_MS = 10 * 60_000;

const noPendingSignIn = () =>
  new AppError(401, NO_PENDING_SIGN_IN, 'Sign in with your password again: this sign-in has expired');
const wrongSecondStep = () => new AppError(401, 'wrong_second_factor', 'That code is not right');

/** Starts the pending sign-in of an account that has a second factor (what the password sign-in asks). */
export class PendingSignIns implements SecondStepStarter {
  constructor(
    private readonly factors: SecondFactorRepo,
    private readonly pending: PendingSignInRepo,
    private readonly clock: Clock,
  ) {}

  async startIfNeeded(
    userId: number,
    remember: boolean,
    userAgent: string | undefined,
  ): Promise<PendingStart | undefined> {
    if (!(await this.factors.hasFactor(userId))) return undefined;
    const now = this.clock.now();
    const token = randomToken();
    const expiresAt = addMs(now, PENDING_SIGN_IN_MS);
    await this.pending.insert({
      pending_hash: sha256Hex(token),
      user_id: userId,
      remember: remember ? 1 : 0,
      user_agent: userAgent?.slice(0, 512) ?? null,
      passkey_challenge: null,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    return { token, expiresAt };
  }
}

export interface SecondStepDeps {
  factors: SecondFactorRepo;
  pending: PendingSignInRepo;
  users: UserRepo;
  box: SecretBox;
  passkeys: PasskeyRelyingParty;
  limits: RateLimitService;
  clock: Clock;
  /** Starts the session once the second step is right (the auth service's). */
  startSession: (
    userId: number,
    role: 'user' | 'admin',
    remember: boolean,
    userAgent: string | undefined,
  ) => Promise<NewSession>;
  /** Wrong second steps per account and window before it must wait. */
  rule: { limit: number; windowMs: number };
}

/**
 * The second step of a sign-in: a TOTP code, a passkey's assertion or a recovery code finishes the pending
 * sign-in the password started. Until then there is no session at all, so nothing else can be called with it.
 */
export class SecondStepService {
  constructor(private readonly deps: SecondStepDeps) {}

  /** The ways the pending sign-in of `token` may finish. */
  async methods(token: string | undefined): Promise<PendingSignIn> {
    const pending = await this.live(token);
    const { factors } = this.deps;
    const [totp, passkeys, codes] = await Promise.all([
      factors.findTotp(pending.user_id),
      factors.listPasskeys(pending.user_id),
      factors.countUnusedRecoveryCodes(pending.user_id),
    ]);
    const methods: SecondFactorMethod[] = [];
    if (totp?.confirmed_at) methods.push('totp');
    if (passkeys.length > 0) methods.push('passkey');
    if (codes > 0) methods.push('recovery_code');
    return { methods };
  }

  /** WebAuthn options for the account's passkeys; the challenge is kept with the pending sign-in. */
  async passkeyOptions(token: string | undefined) {
    const pending = await this.live(token);
    const passkeys = await this.deps.factors.listPasskeys(pending.user_id);
    if (passkeys.length === 0) throw new AppError(409, 'no_passkey', 'This account has no passkey');
    const options = await this.deps.passkeys.authenticationOptions(passkeys);
    await this.deps.pending.setPasskeyChallenge(pending.pending_hash, options.challenge);
    return options;
  }

  /**
   * Checks the second step and starts the session. Each try is counted before it is checked, in one atomic
   * statement per try, so tries sent at once cannot check more than the limit between them.
   */
  async finish(token: string | undefined, body: SecondStepBody): Promise<NewSession> {
    const pending = await this.live(token);
    const { limits, clock } = this.deps;
    const key = `second-factor:account:${pending.user_id}`;
    const right = await limits.guardTry(key, this.deps.rule, () => this.check(pending, body), {
      message: 'Too many wrong codes, try again later',
    });
    if (!right) throw wrongSecondStep();
    // The one request that ends the pending sign-in gets the session.
    if (!(await this.deps.pending.take(pending.pending_hash, clock.now().toISOString())))
      throw noPendingSignIn();
    const user = await this.deps.users.findById(pending.user_id);
    if (user?.status !== 'active') {
      throw new AppError(403, 'account_disabled', 'This account is disabled. Contact support to enable it.');
    }
    return this.deps.startSession(
      user.user_id,
      user.role,
      pending.remember === 1,
      pending.user_agent ?? undefined,
    );
  }

  private async check(pending: PendingSignInRow, body: SecondStepBody): Promise<boolean> {
    const { factors, box, clock } = this.deps;
    const userId = pending.user_id;
    const nowIso = clock.now().toISOString();
    if (body.method === 'totp' && body.code) {
      const totp = await factors.findTotp(userId);
      if (!totp?.confirmed_at) return false;
      const secret = box.open(totp.secret_box, totpContext(userId));
      if (!secret) return false;
      const step = totpStepOf(secret, body.code, clock.now().getTime());
      // A code of a step already used (this one, or a later one) is refused: a code seen once is spent.
      return step !== undefined && (await factors.takeTotpStep(userId, step));
    }
    if (body.method === 'recovery_code' && body.code) {
      const code = normalRecoveryCode(body.code);
      return code !== undefined && (await factors.useRecoveryCode(userId, box.codeHash(code), nowIso));
    }
    if (body.method !== 'passkey' || !body.response || !pending.passkey_challenge) return false;
    const passkey = await factors.findPasskey(userId, body.response.id);
    if (!passkey) return false;
    const counter = await this.deps.passkeys.verifyAssertion(
      body.response,
      pending.passkey_challenge,
      passkey,
    );
    return counter !== undefined && (await factors.usePasskey(passkey.passkey_id, counter, nowIso));
  }

  private async live(token: string | undefined): Promise<PendingSignInRow> {
    if (!token || token.length > 100) throw noPendingSignIn();
    const pending = await this.deps.pending.findLive(sha256Hex(token), this.deps.clock.now().toISOString());
    if (!pending) throw noPendingSignIn();
    return pending;
  }
}

/** What a TOTP secret is sealed to: its account (a sealed secret copied to another account does not open). */
export const totpContext = (userId: number) => `totp:${userId}`;
