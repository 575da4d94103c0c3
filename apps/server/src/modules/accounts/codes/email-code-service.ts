import { OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type OtpSendReply } from '@salomtv/contract';
import { addMs, type Clock, DAY_MS, HOUR_MS } from '../../../lib/clock.js';
import { AppError, badRequest } from '../../../lib/errors.js';
import { safeEqual, sha256Hex } from '../../../lib/tokens.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import { EmailDeliveryError, type EmailSender } from '../email/sender.js';
import { emailCodeMail, hashCode, loadCodeKey, newCode, RESEND_PAUSE, waitBeforeResend } from './codes.js';
import type { EmailCodeRepo, EmailCodeRow } from './email-code-repo.js';
import type { AppSecretRepo } from './secret-repo.js';
import type { VerifyOutcome } from './service.js';

export interface EmailCodeSettings {
  /** OTP_SECRET; when unset the key generated for the SMS codes is used. */
  secret: string | undefined;
  /** Codes mailed per hour to one account, and to one address. */
  sendsPerHour: number;
}

const MESSAGES = {
  none: 'No code is waiting for this email: request a new one',
  used: 'This code was already used: request a new one',
  expired: 'The code has expired: request a new one',
  dead: 'Too many wrong codes: request a new one',
  wrong: 'The code is wrong',
} as const;

const dead = (): VerifyOutcome => ({ verdict: 'max_attempts_reached', errors: [MESSAGES.dead] });
/** Tries at one code; the window outlives the code. */
const CODE_TRIES = { limit: OTP_MAX_ATTEMPTS, windowMs: OTP_TTL_SECONDS * 1000 };

/**
 * Codes that confirm an email for one account: mailed (30-second resend pause, hourly limits per account and
 * per address), 10 minutes of life, 5 tries, single use. The hash binds the code to the account and the address.
 */
export class EmailCodeService {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly codes: EmailCodeRepo,
    private readonly secrets: AppSecretRepo,
    private readonly mail: EmailSender,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    private readonly settings: EmailCodeSettings,
  ) {}

  /** Mails a new code to `email` for the account; older codes of the account stop working. */
  async send(userId: number, email: string): Promise<OtpSendReply> {
    await this.enforceSendLimits(userId, email);
    const now = this.clock.now();
    await this.codes.deleteCreatedBefore(new Date(now.getTime() - DAY_MS).toISOString());
    const code = newCode();
    const codeId = await this.codes.insert({
      user_id: userId,
      email,
      code_hash: hashCode(await this.secretKey(), 'email', `${userId}:${email}`, code),
      expires_at: addMs(now, OTP_TTL_SECONDS * 1000).toISOString(),
      consumed_at: null,
      created_at: now.toISOString(),
    });
    try {
      await this.mail.send({ to: email, ...emailCodeMail(code) });
    } catch (error) {
      await this.codes.delete(codeId);
      await this.limits.reset(`email-code:cooldown:${userId}`);
      throw deliveryError(error);
    }
    return { data: 'updated', resendAfterSeconds: OTP_RESEND_SECONDS, expiresInSeconds: OTP_TTL_SECONDS };
  }

  /**
   * Checks the account's latest code for `email` and uses it up when right; each try is counted before the code
   * is compared (`guardTry`), so tries sent at once compare at most OTP_MAX_ATTEMPTS.
   */
  async use(userId: number, email: string, code: string): Promise<VerifyOutcome> {
    const row = await this.codes.latest(userId);
    if (!row || row.email !== email) return { verdict: 'expired', errors: [MESSAGES.none] };
    const closed = this.closedVerdict(row);
    if (closed) return closed;
    return this.limits.guardTry(
      `email-code:tries:${row.code_id}`,
      CODE_TRIES,
      async (left): Promise<VerifyOutcome> => {
        const key = await this.secretKey();
        if (!safeEqual(hashCode(key, 'email', `${userId}:${email}`, code), row.code_hash))
          return left > 0 ? { verdict: 'pending', errors: [MESSAGES.wrong] } : dead();
        if (!(await this.codes.consume(row.code_id, this.clock.now().toISOString())))
          return { verdict: 'expired', errors: [MESSAGES.used] };
        return { verdict: 'approved', errors: null };
      },
      { isRight: (outcome) => outcome.verdict === 'approved', whenOver: dead },
    );
  }

  /** Why a code can no longer be tried, or null while it is live. */
  private closedVerdict(row: EmailCodeRow): VerifyOutcome | null {
    if (row.consumed_at !== null) return { verdict: 'expired', errors: [MESSAGES.used] };
    if (row.expires_at <= this.clock.now().toISOString())
      return { verdict: 'expired', errors: [MESSAGES.expired] };
    return null;
  }

  /** The resend pause and hourly budget per account, and an hourly budget per address (no mail bombing). */
  private async enforceSendLimits(userId: number, email: string): Promise<void> {
    const hourly = { limit: this.settings.sendsPerHour, windowMs: HOUR_MS };
    const toAddress = `email-code:to:${sha256Hex(email)}`;
    const toThisAddress = 'Too many codes were mailed to this address';
    await this.limits.refuseOver(toAddress, hourly, toThisAddress);
    await this.limits.take(`email-code:cooldown:${userId}`, RESEND_PAUSE, waitBeforeResend);
    await this.limits.take(
      `email-code:hour:${userId}`,
      hourly,
      'Too many codes were mailed: try again later',
    );
    await this.limits.take(toAddress, hourly, toThisAddress);
  }

  private secretKey(): Promise<Buffer> {
    this.key ??= loadCodeKey(this.settings.secret, this.secrets, this.clock);
    return this.key;
  }
}

function deliveryError(error: unknown): Error {
  if (error instanceof EmailDeliveryError && error.permanent) {
    return badRequest('This address cannot receive email', { email: 'This address cannot receive email' });
  }
  if (error instanceof EmailDeliveryError) {
    return new AppError(
      502,
      'email_unavailable',
      'The email could not be sent right now: try again in a minute',
    );
  }
  return error as Error;
}
