import {
  type OtpSendReply,
  PASSWORD_IS_PHONE_MESSAGE,
  type PasswordResetBody,
  passwordIsPhoneNumber,
  type UserProfile,
  type userEditBodySchemaAt,
} from '@salomtv/contract';
import type { Updateable } from 'kysely';
import type { z } from 'zod';
import type { UsersTable } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, badRequest, conflict, kidsProfileRefused, notFound } from '../../../lib/errors.js';
import { hashPassword } from '../../../lib/passwords.js';
import { randomToken } from '../../../lib/tokens.js';
import { reencodeImage } from '../../../platform/images.js';
import type { RateLimitService } from '../../../platform/limits/service.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import type { LanguageDirectory } from '../../languages/module.js';
import type { AuthService } from '../auth/service.js';
import type { EmailCodeService } from '../codes/email-code-service.js';
import type { OtpService, VerifyOutcome } from '../codes/service.js';
import type { ProfileRepo } from '../profiles/repo.js';
import type { SmsLog, SmsSender } from '../sms/sender.js';
import { toProfile } from '../users/profile.js';
import { isUniqueViolation, type UserRepo, type UserRow } from '../users/repo.js';
import { knownLanguageKeyword } from './language-keyword.js';
import { confirmAccountPassword } from './password-check.js';

export type UserEdit = z.output<ReturnType<typeof userEditBodySchemaAt>>;

const AVATAR_SIZE = { width: 256, height: 256, fit: 'cover' } as const;

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
  new AppError(409, 'email_taken', 'Another account uses this email', {
    email: 'This email is used by another account',
  });
const noPendingEmail = (field: string) =>
  badRequest('No email is waiting for confirmation', { [field]: 'Set an email first' });

const phoneTaken = () =>
  conflict('Another account has this phone number', { phone_number: 'This number already has an account' });

/** The text to the number an account had: the new number shows only its last digits. */
function phoneChangedText(newPhone: string): string {
  return (
    `The phone number of your SalomTV account was changed to a number ending in ${newPhone.slice(-4)}. ` +
    'If you did not do this, contact SalomTV support at once.'
  );
}

/**
 * The signed-in viewer's own account: profile, changes (what decides who can sign in needs the current password),
 * email confirmation, avatar; and the forgotten-password reset.
 */
/** Who calls: the signed-in account and the profile its session is on. */
export interface AccountViewer {
  user_id: number;
  profile_id: number;
  /** A kids profile changes its display language and nothing else of the account. */
  kids: boolean;
}

export class AccountService {
  constructor(
    private readonly users: UserRepo,
    private readonly profiles: ProfileRepo,
    private readonly auth: AuthService,
    private readonly otp: OtpService,
    private readonly emailCodes: EmailCodeService,
    private readonly sms: SmsSender,
    private readonly languages: LanguageDirectory,
    private readonly limits: RateLimitService,
    private readonly storage: MediaStorage,
    private readonly clock: Clock,
    private readonly log: SmsLog,
  ) {}

  /** The account as its owner sees it; the display language is the session's profile's. */
  async profile(viewer: AccountViewer): Promise<UserProfile> {
    const [user, profile] = await Promise.all([
      this.requireUser(viewer.user_id),
      this.profiles.findOf(viewer.user_id, viewer.profile_id),
    ]);
    const row = toProfile(user, this.storage);
    return profile ? { ...row, language: profile.language ?? row.language } : row;
  }

  /**
   * Applies the edited fields together or not at all. A new password, email or phone number needs the current
   * password (wrong guesses are limited); checks that cost nothing come first, the phone code is used up last,
   * just before the write. A new email waits as pending until the code mailed to it is confirmed; the answer is
   * the same whether or not another account has that email.
   */
  async edit(
    viewer: AccountViewer,
    sessionToken: string | undefined,
    body: UserEdit,
    address: string,
  ): Promise<UserProfile> {
    const userId = viewer.user_id;
    if (viewer.kids && Object.keys(body).some((field) => field !== 'language')) throw kidsProfileRefused();
    const user = await this.requireUser(userId);
    const changes: Updateable<UsersTable> = {};
    if (body.first_name !== undefined) changes.first_name = body.first_name;
    if (body.last_name !== undefined) changes.last_name = body.last_name;
    if (body.dob !== undefined) changes.dob = body.dob;
    if (body.gender !== undefined) changes.gender = body.gender;
    if (body.nationality !== undefined) changes.nationality = body.nationality;
    const language = body.language === undefined ? undefined : await this.languageKeyword(body.language);
    // The display language is the profile's; the owner's profile speaks for the account too.
    if (language !== undefined) {
      await this.profiles.update(userId, viewer.profile_id, {
        language,
        updated_at: this.clock.now().toISOString(),
      });
      const onOwner = (await this.profiles.listOf(userId))[0]?.profile_id === viewer.profile_id;
      if (onOwner) changes.language = language;
    }
    const newPhone =
      body.phone_number !== undefined
        ? this.otp.normalizePhone(body.phone_number, 'phone_number')
        : undefined;
    const phoneChanges = newPhone !== undefined && newPhone !== user.phone_number;
    const emailChanges = body.email !== undefined && body.email !== user.email;
    // A new email waits for its code; removing the email, or sending the one the account has, drops a pending one.
    if (emailChanges && body.email) changes.pending_email = body.email;
    else if (body.email !== undefined) {
      changes.email = body.email;
      changes.pending_email = null;
    }
    if (body.password !== undefined && passwordIsPhoneNumber(body.password, newPhone ?? user.phone_number)) {
      throw badRequest(PASSWORD_IS_PHONE_MESSAGE, { password: PASSWORD_IS_PHONE_MESSAGE });
    }
    if (body.password !== undefined || phoneChanges || emailChanges) {
      await this.checkCurrentPassword(user, body.current_password ?? '');
    }
    if (body.password !== undefined) changes.password_hash = await hashPassword(body.password);
    if (phoneChanges) {
      const outcome = await this.otp.useCode(newPhone, body.code ?? '', 'phone_change', address);
      if (outcome.verdict !== 'approved') throw codeRefused(outcome);
      const owner = await this.users.findByPhone(newPhone);
      if (owner && owner.user_id !== userId) throw phoneTaken();
      changes.phone_number = newPhone;
      // The new number was confirmed by its code.
      changes.verified = 1;
    }
    if (changes.pending_email) await this.emailCodes.send(userId, changes.pending_email);
    if (Object.keys(changes).length > 0) {
      try {
        await this.users.update(userId, { ...changes, updated_at: this.clock.now().toISOString() });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw phoneTaken();
      }
    }
    if (changes.password_hash || phoneChanges) await this.auth.endOtherSessions(userId, sessionToken);
    if (phoneChanges) await this.tellOldNumber(user, newPhone);
    return this.profile(viewer);
  }

  /** Mails a new code to the pending email. */
  async resendEmailCode(userId: number): Promise<OtpSendReply> {
    const user = await this.requireUser(userId);
    if (!user.pending_email) throw noPendingEmail('email');
    return this.emailCodes.send(userId, user.pending_email);
  }

  /**
   * The code mailed to the pending email makes it the account's email (a sign-in name). Only here, to the holder
   * of the code, does the answer say that another account already has that email.
   */
  async confirmEmail(viewer: AccountViewer, code: string): Promise<UserProfile> {
    const userId = viewer.user_id;
    const user = await this.requireUser(userId);
    const email = user.pending_email;
    if (!email) throw noPendingEmail('code');
    const outcome = await this.emailCodes.use(userId, email, code);
    if (outcome.verdict !== 'approved') throw codeRefused(outcome);
    const now = this.clock.now().toISOString();
    const owner = await this.users.findByEmail(email);
    let taken = owner !== undefined && owner.user_id !== userId;
    if (!taken) {
      try {
        await this.users.update(userId, { email, pending_email: null, updated_at: now });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        taken = true;
      }
    }
    if (taken) {
      await this.users.update(userId, { pending_email: null, updated_at: now });
      throw emailTaken();
    }
    return this.profile(viewer);
  }

  async setAvatar(viewer: AccountViewer, upload: Buffer | undefined): Promise<UserProfile> {
    const userId = viewer.user_id;
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
    return this.profile(viewer);
  }

  async removeAvatar(viewer: AccountViewer): Promise<UserProfile> {
    const userId = viewer.user_id;
    const user = await this.requireUser(userId);
    if (user.avatar) {
      await this.users.update(userId, { avatar: null, updated_at: this.clock.now().toISOString() });
      await this.storage.remove(user.avatar);
    }
    return this.profile(viewer);
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

  /** Texts the number the account had that it changed; the change stands if the text cannot go out. */
  private async tellOldNumber(user: UserRow, newPhone: string): Promise<void> {
    try {
      await this.sms.send({ to: user.phone_number, body: phoneChangedText(newPhone) });
    } catch (error) {
      this.log.warn(
        { userId: user.user_id, reason: (error as Error).message },
        'The phone-change notice to the old number was not sent',
      );
    }
  }

  private checkCurrentPassword(user: UserRow, password: string): Promise<void> {
    return confirmAccountPassword(this.limits, user, password, 'current_password');
  }

  private languageKeyword(keyword: string): Promise<string> {
    return knownLanguageKeyword(this.languages, keyword);
  }

  private async requireUser(userId: number): Promise<UserRow> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('This account does not exist');
    return user;
  }
}
