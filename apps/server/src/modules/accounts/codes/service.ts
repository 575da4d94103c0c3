import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_ATTEMPTS_PER_CODE,
  OTP_PROOF_TTL_SECONDS,
  OTP_RESEND_SECONDS,
  OTP_TTL_SECONDS,
  type OtpPurpose,
  type OtpSendReply,
  type OtpVerdict,
} from '@salomtv/contract';
import { addMs, type Clock, DAY_MS, HOUR_MS } from '../../../lib/clock.js';
import { AppError, badRequest, unauthorized } from '../../../lib/errors.js';
import { toE164 } from '../../../lib/phone.js';
import { safeEqual } from '../../../lib/tokens.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { SmsQueue } from '../sms/queue.js';
import { SmsDeliveryError, type SmsSender } from '../sms/sender.js';
import {
  hashCode,
  loadCodeKey,
  newCode,
  proofSignature,
  RESEND_PAUSE,
  smsText,
  waitBeforeResend,
} from './codes.js';
import type { OtpCodeRepo, OtpRow } from './repo.js';
import type { AppSecretRepo } from './secret-repo.js';

export interface OtpSettings {
  /** OTP_SECRET; when unset a key is generated once and kept in the database. */
  secret: string | undefined;
  sendsPerNumberPerHour: number;
  sendsPerAddressPerHour: number;
  /** Code checks from one address per hour that were not approved, across all numbers. */
  wrongCodesPerAddressPerHour: number;
}

export interface VerifyOutcome {
  verdict: OtpVerdict;
  errors: string[] | null;
  /** For an approved sign-up code: the proof the browser keeps in a cookie for `POST /api/user/add`. */
  proof?: string;
  /** For an approved sign-up code: whether the number already has an account (told only to the code's holder). */
  accountExists?: boolean;
}

/** The accounts (the users module's), found by their E.164 phone number. */
export interface PhoneAccounts {
  findByPhone(phone: string): Promise<object | undefined>;
}

const MESSAGES = {
  none: 'No code is waiting for this number: request a new one',
  used: 'This code was already used: request a new one',
  expired: 'The code has expired: request a new one',
  dead: 'Too many wrong codes: request a new one',
  wrong: 'That code is wrong. Try again.',
  checks: 'Too many wrong codes were tried from here: try again later',
} as const;

const noTriesLeft = (): VerifyOutcome => ({ verdict: 'max_attempts_reached', errors: [MESSAGES.dead] });

const approved = (outcome: VerifyOutcome) => outcome.verdict === 'approved';
/** A guess at a code past its limit is answered as a dead code; a right one gives its try back. */
const GUESS = { isRight: approved, onRight: 'giveBack', whenOver: noTriesLeft } as const;
/** An address's guesses at one code, and all other addresses' together; the window outlives the code. */
const CODE_SHARE = { limit: OTP_MAX_ATTEMPTS, windowMs: OTP_TTL_SECONDS * 1000 };
const CODE_POOL = { limit: OTP_MAX_ATTEMPTS_PER_CODE, windowMs: OTP_TTL_SECONDS * 1000 };

/** The 403 of a missing, forged, expired or spent sign-up proof. */
const notVerified = (message: string) => new AppError(403, 'phone_not_verified', message);

/**
 * One-time codes by text message: sending (with cooldown and hourly limits), checking (wrong guesses counted per
 * code, per address on each code and per address across all numbers; 10 minutes of life, single use) and the
 * short-lived proof that a number was verified for sign-up.
 */
export class OtpService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly codes: OtpCodeRepo,
    private readonly secrets: AppSecretRepo,
    private readonly sms: SmsSender,
    private readonly queue: SmsQueue,
    private readonly limits: RateLimitService,
    private readonly accounts: PhoneAccounts,
    private readonly clock: Clock,
    private readonly settings: OtpSettings,
  ) {}

  /** The E.164 form of a typed number, or a 400 naming the field. */
  normalizePhone(input: string, field: string): string {
    const phone = toE164(input);
    if (!phone)
      throw badRequest('Not a valid phone number', {
        [field]: 'Enter a valid phone number in international form',
      });
    return phone;
  }

  /** Sends a code; the answer is the same whether or not the number has an account. */
  async send(input: {
    phoneNumber: string;
    purpose: OtpPurpose;
    address: string;
    viewerId: number | undefined;
  }) {
    const phone = this.normalizePhone(input.phoneNumber, 'phoneNumber');
    if (input.purpose === 'phone_change' && input.viewerId === undefined) throw unauthorized();
    await this.enforceSendLimits(phone, input.address);

    const now = this.clock.now();
    await this.codes.deleteCreatedBefore(new Date(now.getTime() - DAY_MS).toISOString());
    const code = newCode();
    const expiresAt = addMs(now, OTP_TTL_SECONDS * 1000);
    const otpId = await this.codes.insert({
      phone_number: phone,
      purpose: input.purpose,
      code_hash: hashCode(await this.secretKey(), input.purpose, phone, code),
      expires_at: expiresAt.toISOString(),
      consumed_at: null,
      proof_used_at: null,
      requested_from: input.address,
      created_at: now.toISOString(),
    });
    if (input.purpose === 'reset') {
      // Whether the number has an account, and how the provider fares, must not show in this answer or its
      // timing: every number's code is stored and queued alike, and the worker texts only an account's number.
      await this.queue.enqueue({ to: phone, body: smsText(code) }, { onlyToAccount: true, expiresAt });
    } else {
      // The person asking is the one who will type the code: they are told at once when it cannot be sent.
      try {
        await this.sms.send({ to: phone, body: smsText(code) });
      } catch (error) {
        await this.codes.delete(otpId);
        await this.limits.reset(`otp:cooldown:${phone}`);
        throw this.deliveryError(error);
      }
    }
    const reply: OtpSendReply = {
      data: 'updated',
      resendAfterSeconds: OTP_RESEND_SECONDS,
      expiresInSeconds: OTP_TTL_SECONDS,
    };
    return reply;
  }

  /**
   * The verify call. A sign-up code is used up on approval and yields the sign-up proof; a reset or
   * phone-change code is only checked here (wrong tries count) and used up by the call that needs it.
   */
  async verify(
    phoneNumber: string,
    code: string,
    purpose: OtpPurpose,
    address: string,
  ): Promise<VerifyOutcome> {
    const phone = this.normalizePhone(phoneNumber, 'phoneNumber');
    return this.check(phone, code, purpose, address, purpose === 'signup');
  }

  /** Checks and uses up a code in one step (password reset, phone number change). */
  async useCode(phone: string, code: string, purpose: OtpPurpose, address: string): Promise<VerifyOutcome> {
    return this.check(phone, code, purpose, address, true);
  }

  /** The code row behind a valid, unspent, unexpired sign-up proof for this number; 403 otherwise. */
  async checkSignupProof(proof: string | undefined, phone: string): Promise<number> {
    const match = proof ? /^(\d{1,12})\.([A-Za-z0-9_-]{20,64})$/.exec(proof) : null;
    if (!match) throw notVerified('Verify your phone number with a code first');
    const row = await this.codes.findById(Number(match[1]));
    const valid =
      row?.purpose === 'signup' &&
      row.consumed_at !== null &&
      safeEqual(
        match[2]!,
        proofSignature(await this.secretKey(), row.otp_id, row.phone_number, row.consumed_at),
      );
    if (!row || !valid) throw notVerified('Verify your phone number with a code first');
    if (row.phone_number !== phone) throw notVerified('The code was verified for another phone number');
    if (row.proof_used_at !== null)
      throw notVerified('This verification was already used: verify the number again');
    const expiresAt = new Date(row.consumed_at!).getTime() + OTP_PROOF_TTL_SECONDS * 1000;
    if (expiresAt <= this.clock.now().getTime()) {
      throw notVerified('The verification has expired: verify the number again');
    }
    return row.otp_id;
  }

  /** Spends a sign-up proof (after the account was created). */
  async spendSignupProof(otpId: number): Promise<void> {
    await this.codes.useProof(otpId, this.clock.now().toISOString());
  }

  /**
   * Every guess is counted before it is compared (`guardTry`), so guesses sent at once cannot pass a limit
   * together, and a right one gives its counts back: the address's hourly budget across all numbers first (429
   * when spent), then its share of the code (OTP_MAX_ATTEMPTS: a stranger who spends it kills the code for nobody
   * else) and, for every address but the one that asked for the code, the code's shared pool
   * (OTP_MAX_ATTEMPTS_PER_CODE).
   */
  private check(
    phone: string,
    code: string,
    purpose: OtpPurpose,
    address: string,
    consume: boolean,
  ): Promise<VerifyOutcome> {
    return this.limits.guardTry(
      `otp:checks:ip:${address}`,
      { limit: this.settings.wrongCodesPerAddressPerHour, windowMs: HOUR_MS },
      async () => {
        const row = await this.codes.latest(phone, purpose);
        if (!row) return { verdict: 'expired', errors: [MESSAGES.none] };
        const closed = this.closedVerdict(row);
        if (closed) return closed;
        const compare = (left: number) => this.compare(row, code, purpose, consume, left);
        return this.limits.guardTry(
          `otp:guesses:${row.otp_id}:${address}`,
          CODE_SHARE,
          (shareLeft) =>
            row.requested_from === address
              ? compare(shareLeft)
              : this.limits.guardTry(
                  `otp:pool:${row.otp_id}`,
                  CODE_POOL,
                  (poolLeft) => compare(Math.min(shareLeft, poolLeft)),
                  GUESS,
                ),
          GUESS,
        );
      },
      { isRight: approved, onRight: 'giveBack', message: MESSAGES.checks },
    );
  }

  /** Compares a counted guess with a live code (`left`: the guesses after it) and uses the code up if asked. */
  private async compare(
    row: OtpRow,
    code: string,
    purpose: OtpPurpose,
    consume: boolean,
    left: number,
  ): Promise<VerifyOutcome> {
    const key = await this.secretKey();
    if (!safeEqual(hashCode(key, purpose, row.phone_number, code), row.code_hash)) {
      if (left <= 0) return noTriesLeft();
      return { verdict: 'pending', errors: [MESSAGES.wrong, `${left} ${left === 1 ? 'try' : 'tries'} left`] };
    }
    if (!consume) return { verdict: 'approved', errors: null };
    const usedAt = this.clock.now().toISOString();
    if (!(await this.codes.consume(row.otp_id, usedAt))) {
      const now = await this.codes.findById(row.otp_id);
      return (now && this.closedVerdict(now)) ?? { verdict: 'expired', errors: [MESSAGES.used] };
    }
    if (purpose !== 'signup') return { verdict: 'approved', errors: null };
    return {
      verdict: 'approved',
      errors: null,
      proof: `${row.otp_id}.${proofSignature(key, row.otp_id, row.phone_number, usedAt)}`,
      // Asked only now that the code is proven right, so only the number's holder learns it.
      accountExists: (await this.accounts.findByPhone(row.phone_number)) !== undefined,
    };
  }

  /** Why a code can no longer be tried, or null while it is live. */
  private closedVerdict(row: OtpRow): VerifyOutcome | null {
    if (row.consumed_at !== null) return { verdict: 'expired', errors: [MESSAGES.used] };
    if (row.expires_at <= this.clock.now().toISOString())
      return { verdict: 'expired', errors: [MESSAGES.expired] };
    return null;
  }

  /** Per-address budget, 30-second resend cooldown and hourly budget per number; 429 with Retry-After. */
  private async enforceSendLimits(phone: string, address: string): Promise<void> {
    const addressKey = `otp:ip:${address}`;
    const addressRule = { limit: this.settings.sendsPerAddressPerHour, windowMs: HOUR_MS };
    const fromHere = 'Too many codes were requested from here: try again later';
    await this.limits.refuseOver(addressKey, addressRule, fromHere);
    await this.limits.take(`otp:cooldown:${phone}`, RESEND_PAUSE, waitBeforeResend);
    await this.limits.take(
      `otp:hour:${phone}`,
      { limit: this.settings.sendsPerNumberPerHour, windowMs: HOUR_MS },
      'Too many codes were sent to this number: try again later',
    );
    await this.limits.take(addressKey, addressRule, fromHere);
  }

  private deliveryError(error: unknown): Error {
    if (error instanceof SmsDeliveryError && error.permanent) {
      return badRequest('This number cannot receive text messages', {
        phoneNumber: 'This number cannot receive text messages',
      });
    }
    if (error instanceof SmsDeliveryError) {
      return new AppError(
        502,
        'sms_unavailable',
        'The text message could not be sent right now: try again in a minute',
      );
    }
    return error as Error;
  }

  private secretKey(): Promise<Buffer> {
    this.key ??= loadCodeKey(this.settings.secret, this.secrets, this.clock);
    return this.key;
  }
}
