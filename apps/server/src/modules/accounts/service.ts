import {
  PASSWORD_IS_PHONE_MESSAGE,
  type PasswordResetBody,
  passwordIsPhoneNumber,
  type UserProfile,
  type userEditBodySchemaAt,
} from '@salomtv/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { UsersTable } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, notFound, tooManyRequests } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomToken } from '../../lib/tokens.js';
import { reencodeImage } from '../../media/images.js';
import type { LocalMediaStorage } from '../../media/storage.js';
import type { AuthService } from '../auth/service.js';
import type { LanguageService } from '../languages/service.js';
import type { RateLimitService } from '../limits/service.js';
import type { OtpService, VerifyOutcome } from '../otp/service.js';
import { toProfile } from '../users/profile.js';
import { isUniqueViolation, type UserRepo, type UserRow } from '../users/repo.js';

export type UserEdit = z.output<ReturnType<typeof userEditBodySchemaAt>>;

const AVATAR_SIZE = { width: 256, height: 256, fit: 'cover' } as const;
const PASSWORD_CHECKS = { limit: 5, windowMs: 15 * 60_000 };

/** Why a one-time code was not accepted, as a message for the `code` field. */
function codeRefused(outcome: VerifyOutcome) {
  const message =
    outcome.verdict === 'max_attempts_reached'
      ? 'Too many wrong codes: request a new one'
      : outcome.verdict === 'expired'
        ? (outcome.errors?.[0] ?? 'The code has expired: request a new one')
        : 'The code is wrong';
  return badRequest(message, { code: message });
}

const emailTaken = () =>
  conflict('Another account uses this email', { email: 'This email is used by another account' });
const phoneTaken = () =>
  conflict('Another account has this phone number', { phone_number: 'This number already has an account' });

/** The signed-in viewer's own account: profile, changes, avatar; and the forgotten-password reset. */
export class AccountService {
  constructor(
    private readonly users: UserRepo,
    private readonly auth: AuthService,
    private readonly otp: OtpService,
    private readonly languages: LanguageService,
    private readonly limits: RateLimitService,
    private readonly storage: LocalMediaStorage,
    private readonly clock: Clock,
  ) {}

  async profile(userId: number): Promise<UserProfile> {
    return toProfile(await this.requireUser(userId), this.storage);
  }

  /**
   * Applies the edited fields together or not at all. Checks that cost nothing come first; the phone code is
   * used up last, just before the write.
   */
  async edit(
    userId: number,
    sessionToken: string | undefined,
    body: UserEdit,
    address: string,
  ): Promise<UserProfile> {
    const user = await this.requireUser(userId);
    const changes: Updateable<UsersTable> = {};
    if (body.first_name !== undefined) changes.first_name = body.first_name;
    if (body.last_name !== undefined) changes.last_name = body.last_name;
    if (body.dob !== undefined) changes.dob = body.dob;
    if (body.gender !== undefined) changes.gender = body.gender;
    if (body.nationality !== undefined) changes.nationality = body.nationality;
    if (body.email !== undefined && body.email !== user.email) {
      const owner = body.email ? await this.users.findByEmail(body.email) : undefined;
      if (owner && owner.user_id !== userId) throw emailTaken();
      changes.email = body.email;
    }
    if (body.language !== undefined) changes.language = await this.languageKeyword(body.language);
    const newPhone =
      body.phone_number !== undefined
        ? this.otp.normalizePhone(body.phone_number, 'phone_number')
        : undefined;
    const phoneChanges = newPhone !== undefined && newPhone !== user.phone_number;
    if (body.password !== undefined) {
      if (passwordIsPhoneNumber(body.password, newPhone ?? user.phone_number)) {
        throw badRequest(PASSWORD_IS_PHONE_MESSAGE, { password: PASSWORD_IS_PHONE_MESSAGE });
      }
      await this.checkCurrentPassword(user, body.current_password ?? '');
      changes.password_hash = await hashPassword(body.password);
    }
    if (phoneChanges) {
      const outcome = await this.otp.useCode(newPhone, body.code ?? '', 'phone_change', address);
      if (outcome.verdict !== 'approved') throw codeRefused(outcome);
      const owner = await this.users.findByPhone(newPhone);
      if (owner && owner.user_id !== userId) throw phoneTaken();
      changes.phone_number = newPhone;
    }
    if (Object.keys(changes).length > 0) {
      try {
        await this.users.update(userId, { ...changes, updated_at: this.clock.now().toISOString() });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw changes.phone_number && (await this.users.findByPhone(changes.phone_number))
          ? phoneTaken()
          : emailTaken();
      }
    }
    if (changes.password_hash) await this.auth.endOtherSessions(userId, sessionToken);
    return this.profile(userId);
  }

  async setAvatar(userId: number, upload: Buffer | undefined): Promise<UserProfile> {
    if (!upload) throw badRequest('Choose an image', { avatar: 'Choose an image' });
    const user = await this.requireUser(userId);
    const image = await reencodeImage(upload, 'avatar', AVATAR_SIZE);
    const key = `avatars/${userId}-${randomToken(12)}.webp`;
    await this.storage.put(key, image);
    try {
      await this.users.update(userId, { avatar: key, updated_at: this.clock.now().toISOString() });
    } catch (error) {
      await this.storage.remove(key);
      throw error;
    }
    await this.storage.remove(user.avatar);
    return this.profile(userId);
  }

  async removeAvatar(userId: number): Promise<UserProfile> {
    const user = await this.requireUser(userId);
    if (user.avatar) {
      await this.users.update(userId, { avatar: null, updated_at: this.clock.now().toISOString() });
      await this.storage.remove(user.avatar);
    }
    return this.profile(userId);
  }

  /** Forgot password: a reset code sent to the account's number sets a new password and ends every session. */
  async resetPassword(body: PasswordResetBody, address: string): Promise<void> {
    const phone = this.otp.normalizePhone(body.phone_number, 'phone_number');
    const outcome = await this.otp.useCode(phone, body.code, 'reset', address);
    if (outcome.verdict !== 'approved') throw codeRefused(outcome);
    const user = await this.users.findByPhone(phone);
    if (!user) throw codeRefused({ verdict: 'pending', errors: null });
    await this.users.update(user.user_id, {
      password_hash: await hashPassword(body.password),
      updated_at: this.clock.now().toISOString(),
    });
    await this.auth.endOtherSessions(user.user_id);
  }

  private async checkCurrentPassword(user: UserRow, password: string): Promise<void> {
    const key = `password-check:${user.user_id}`;
    const verdict = await this.limits.check(key, PASSWORD_CHECKS);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
    if (!(await verifyPassword(user.password_hash, password))) {
      await this.limits.consume(key, PASSWORD_CHECKS);
      throw badRequest('The current password is wrong', {
        current_password: 'The current password is wrong',
      });
    }
    await this.limits.reset(key);
  }

  /** The stored spelling of an existing language keyword, or a 400. */
  private async languageKeyword(keyword: string): Promise<string> {
    const match = (await this.languages.list()).find(
      (language) => language.keyword.toLowerCase() === keyword.toLowerCase(),
    );
    if (!match) throw badRequest('Unknown language', { language: 'Choose one of the languages' });
    return match.keyword;
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('This account does not exist');
    return user;
  }
}
