import {
  type FactorAddedReply,
  SECOND_FACTOR_SETUP_REQUIRED,
  type SecurityStatus,
  type TotpSetupReply,
} from '@salomtv/contract';
import { addMs, type Clock } from '../../../lib/clock.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/errors.js';
import type { AuditService } from '../../../platform/audit/service.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { SessionUser } from '../../../platform/viewer-session.js';
import { confirmAccountPassword } from '../settings/password-check.js';
import type { UserRepo, UserRow } from '../users/repo.js';
import type { SecondFactorRepo } from './factor-repo.js';
import type { PasskeyRelyingParty } from './passkeys.js';
import type { PendingSignInRepo } from './pending-repo.js';
import type { SecurityPolicyRepo } from './policy-repo.js';
import { newRecoveryCodes } from './recovery-codes.js';
import { totpContext } from './second-step.js';
import type { SecretBox } from './secret-box.js';
import { newTotpSecret, totpEnrolment, totpStepOf } from './totp.js';

/** How long a passkey registration may take between its options and the browser's answer. */
const REGISTRATION_MS = 5 * 60_000;

export interface SecondFactorDeps {
  factors: SecondFactorRepo;
  pending: PendingSignInRepo;
  policy: SecurityPolicyRepo;
  users: UserRepo;
  box: SecretBox;
  passkeys: PasskeyRelyingParty;
  limits: RateLimitService;
  audit: AuditService;
  clock: Clock;
  /** REQUIRE_ADMIN_SECOND_FACTOR: when set, it decides the policy and the admins' setting does not. */
  requireForAdmins: boolean | undefined;
}

const setupRequired = () =>
  new AppError(
    403,
    SECOND_FACTOR_SETUP_REQUIRED,
    'Add a second factor (an authenticator app or a passkey) to your account before using the admin area',
  );

/**
 * An admin's second factors (TOTP app, passkeys, recovery codes) and the site's policy that may require one for
 * every admin. Removing a factor or replacing the codes asks for the account password again, so a session left
 * open cannot take the account's protection away.
 */
export class SecondFactorService {
  constructor(private readonly deps: SecondFactorDeps) {}

  private async policyRequires(): Promise<boolean> {
    return this.deps.requireForAdmins ?? (await this.deps.policy.adminsNeedSecondFactor());
  }

  /** The admin calls' extra check: with the policy on, an admin without a factor is refused until set up. */
  async adminRefusal(viewer: SessionUser): Promise<AppError | undefined> {
    if (!(await this.policyRequires())) return undefined;
    return (await this.deps.factors.hasFactor(viewer.user_id)) ? undefined : setupRequired();
  }

  async status(viewer: SessionUser): Promise<SecurityStatus> {
    const user = await this.admin(viewer);
    const { factors } = this.deps;
    const [required, totp, passkeys, codes] = await Promise.all([
      this.policyRequires(),
      factors.findTotp(user.user_id),
      factors.listPasskeys(user.user_id),
      factors.countUnusedRecoveryCodes(user.user_id),
    ]);
    const hasFactor = Boolean(totp?.confirmed_at) || passkeys.length > 0;
    return {
      policy: { required, set_by_environment: this.deps.requireForAdmins !== undefined },
      setup_required: required && !hasFactor,
      totp: totp?.confirmed_at ? { created_at: totp.created_at } : null,
      passkeys: passkeys.map((row) => ({
        passkey_id: row.passkey_id,
        name: row.name,
        created_at: row.created_at,
        last_used_at: row.last_used_at,
      })),
      recovery_codes_left: codes,
    };
  }

  /** A new TOTP secret for the admin's app, answered this once; it counts once a code from the app confirms it. */
  async startTotp(viewer: SessionUser): Promise<TotpSetupReply> {
    const user = await this.admin(viewer);
    const secret = newTotpSecret();
    const sealed = this.deps.box.seal(secret, totpContext(user.user_id));
    const now = this.deps.clock.now().toISOString();
    if (!(await this.deps.factors.startTotp(user.user_id, sealed, now))) {
      throw conflict('An authenticator app is already set up: remove it first to set up another');
    }
    const { uri, qrSvg } = await totpEnrolment(secret, user.email ?? user.phone_number);
    return { secret, uri, qr_svg: qrSvg };
  }

  async confirmTotp(viewer: SessionUser, code: string): Promise<FactorAddedReply> {
    const user = await this.admin(viewer);
    const { factors, box, clock } = this.deps;
    const totp = await factors.findTotp(user.user_id);
    if (!totp || totp.confirmed_at) throw conflict('Start the authenticator app setup first');
    const secret = box.open(totp.secret_box, totpContext(user.user_id));
    const now = clock.now();
    const step = secret ? totpStepOf(secret, code, now.getTime()) : undefined;
    if (step === undefined || !(await factors.takeTotpStep(user.user_id, step, now.toISOString()))) {
      const message = 'That code is not right: enter the code your app shows now';
      throw badRequest(message, { code: message });
    }
    await this.deps.audit.record(viewer, 'create', 'second_factor', 'totp', null, { kind: 'totp' });
    return this.firstCodes(user.user_id);
  }

  async removeTotp(viewer: SessionUser, password: string): Promise<void> {
    const user = await this.admin(viewer);
    await confirmAccountPassword(this.deps.limits, user, password, 'password');
    if (!(await this.deps.factors.deleteTotp(user.user_id))) throw notFound('No authenticator app is set up');
    await this.afterRemoval(viewer, 'totp');
  }

  /** WebAuthn options for a new passkey; the challenge is kept for this session's answer. */
  async passkeyOptions(viewer: SessionUser) {
    const user = await this.admin(viewer);
    const existing = await this.deps.factors.listPasskeys(user.user_id);
    const options = await this.deps.passkeys.registrationOptions(
      { userId: user.user_id, name: user.email ?? user.phone_number },
      existing,
    );
    const expires = addMs(this.deps.clock.now(), REGISTRATION_MS).toISOString();
    await this.deps.pending.saveRegistration(viewer.session_hash, user.user_id, options.challenge, expires);
    return options;
  }

  async registerPasskey(viewer: SessionUser, name: string, response: unknown): Promise<FactorAddedReply> {
    const user = await this.admin(viewer);
    const { clock, pending, passkeys, factors } = this.deps;
    const now = clock.now().toISOString();
    const challenge = await pending.takeRegistration(viewer.session_hash, user.user_id, now);
    if (!challenge) throw conflict('Start adding the passkey again: its request has expired');
    const passkey = await passkeys.verifyRegistration(response, challenge);
    if (!passkey) throw badRequest('The passkey could not be checked: try again', { response: 'invalid' });
    try {
      await factors.addPasskey({
        user_id: user.user_id,
        credential_id: passkey.credentialId,
        public_key: passkey.publicKey,
        sign_count: passkey.counter,
        transports: passkey.transports ? JSON.stringify(passkey.transports) : null,
        name,
        created_at: now,
      });
    } catch {
      throw conflict('This passkey is already registered');
    }
    await this.deps.audit.record(viewer, 'create', 'second_factor', 'passkey', null, {
      kind: 'passkey',
      name,
    });
    return this.firstCodes(user.user_id);
  }

  async removePasskey(viewer: SessionUser, passkeyId: number, password: string): Promise<void> {
    const user = await this.admin(viewer);
    await confirmAccountPassword(this.deps.limits, user, password, 'password');
    if (!(await this.deps.factors.deletePasskey(user.user_id, passkeyId))) throw notFound('No such passkey');
    await this.afterRemoval(viewer, 'passkey');
  }

  /** Ten new recovery codes in place of the old ones (used or not), answered this once. */
  async replaceRecoveryCodes(viewer: SessionUser, password: string): Promise<string[]> {
    const user = await this.admin(viewer);
    await confirmAccountPassword(this.deps.limits, user, password, 'password');
    if (!(await this.deps.factors.hasFactor(user.user_id)))
      throw conflict('Add an authenticator app or a passkey first');
    const codes = await this.newCodes(user.user_id);
    await this.deps.audit.record(viewer, 'update', 'second_factor', 'recovery_codes', null, null);
    return codes;
  }

  async setPolicy(viewer: SessionUser, required: boolean): Promise<SecurityStatus> {
    if (this.deps.requireForAdmins !== undefined)
      throw conflict('REQUIRE_ADMIN_SECOND_FACTOR decides this on this server');
    if (required && !(await this.deps.factors.hasFactor(viewer.user_id)))
      throw conflict('Add a second factor to your own account before requiring one of every admin');
    const before = await this.deps.policy.adminsNeedSecondFactor();
    await this.deps.policy.setAdminsNeedSecondFactor(required, this.deps.clock.now().toISOString());
    await this.deps.audit.record(
      viewer,
      'update',
      'security_policy',
      null,
      { require_admin_second_factor: before },
      { require_admin_second_factor: required },
    );
    return this.status(viewer);
  }

  /** The operator's way back in for an admin who lost every factor (`npm run admin -- --reset-second-factor`). */
  async resetAccount(userId: number): Promise<void> {
    await this.deps.factors.deleteAll(userId);
    await this.deps.audit.record(null, 'delete', 'second_factor', userId, null, null);
  }

  /** The first factor comes with the account's recovery codes; a later one leaves them as they are. */
  private async firstCodes(userId: number): Promise<FactorAddedReply> {
    if ((await this.deps.factors.countUnusedRecoveryCodes(userId)) > 0) return { recovery_codes: null };
    return { recovery_codes: await this.newCodes(userId) };
  }

  private async newCodes(userId: number): Promise<string[]> {
    const codes = newRecoveryCodes();
    const hashes = codes.map((code) => this.deps.box.codeHash(code));
    await this.deps.factors.replaceRecoveryCodes(userId, hashes, this.deps.clock.now().toISOString());
    return codes;
  }

  /** Without a factor left the recovery codes mean nothing: they go too. */
  private async afterRemoval(viewer: SessionUser, kind: 'totp' | 'passkey'): Promise<void> {
    if (!(await this.deps.factors.hasFactor(viewer.user_id)))
      await this.deps.factors.replaceRecoveryCodes(viewer.user_id, [], this.deps.clock.now().toISOString());
    await this.deps.audit.record(viewer, 'delete', 'second_factor', kind, { kind }, null);
  }

  /** Second factors are for administrators' accounts. */
  private async admin(viewer: SessionUser): Promise<UserRow> {
    if (viewer.role !== 'admin') throw forbidden('A second factor is for administrator accounts');
    const user = await this.deps.users.findById(viewer.user_id);
    if (!user) throw forbidden();
    return user;
  }
}
