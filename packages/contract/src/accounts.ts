import { z } from 'zod';
import { roleSchema } from './auth.js';
import { countryCodeOf, nationalitySchema } from './countries.js';
import { listReplySchema } from './paging.js';

/** The spec's sign-up choices (section 9); the country is any of `COUNTRY_CODES` (countries.ts). */
export const GENDERS = ['male', 'female'] as const;
export const genderSchema = z.enum(GENDERS, { error: 'Choose male or female' });
export type Gender = z.infer<typeof genderSchema>;

export const MIN_SIGNUP_AGE = 13;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The footer's promise: every new account starts with this many days of free trial. */
export const TRIAL_DAYS = 30;
export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** One-time codes. */
export const OTP_PURPOSES = ['signup', 'reset', 'phone_change'] as const;
export const otpPurposeSchema = z.enum(OTP_PURPOSES, { error: 'Unknown purpose' });
export type OtpPurpose = z.infer<typeof otpPurposeSchema>;
export const OTP_CODE_LENGTH = 6;
export const OTP_TTL_SECONDS = 600;
export const OTP_RESEND_SECONDS = 30;
/**
 * Wrong codes one client address may try on one code (a person's typos); that address is then refused for the
 * code, which stays good for everyone else.
 */
export const OTP_MAX_ATTEMPTS = 5;
/**
 * Wrong codes that all the addresses other than the one that asked for the code may try on it together; then it
 * is refused to all of them (the asking address keeps its own OTP_MAX_ATTEMPTS). So at most 20 + 5 = 25 of the
 * 1,000,000 six-digit codes are ever checked against one code: a guess succeeds with probability 1 in 40,000.
 */
export const OTP_MAX_ATTEMPTS_PER_CODE = 20;
/** How long the sign-up proof (set by an approved verify) stays valid. */
export const OTP_PROOF_TTL_SECONDS = 900;

/**
 * A phone number in international form (+ and country code; spaces, dashes and brackets allowed).
 * The server checks it fully with a phone-number library and stores it as E.164.
 */
export const phoneNumberSchema = z
  .string({ error: 'Enter your phone number' })
  .trim()
  .min(1, 'Enter your phone number')
  .max(32, 'Enter a valid phone number')
  .regex(/^\+[0-9][0-9 ()-]{5,30}$/, 'Enter the number in international form, such as +92 300 1234567');

export const otpCodeSchema = z
  .string({ error: 'Enter the code' })
  .trim()
  .regex(/^\d{6}$/, `Enter the ${OTP_CODE_LENGTH}-digit code`);

export const passwordSchema = z
  .string({ error: 'Enter a password' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`);

/** True when a password is just the phone number (in any common spelling). */
export function passwordIsPhoneNumber(password: string, phone: string): boolean {
  const typed = password.replace(/[\s()+.-]/g, '');
  const digits = phone.replace(/\D/g, '');
  if (typed === '' || digits === '') return false;
  if (typed === digits) return true;
  // The national form, such as 03001234567 for +923001234567.
  const national = typed.replace(/^0+/, '');
  return /^\d+$/.test(typed) && national.length >= 6 && digits.endsWith(national);
}
export const PASSWORD_IS_PHONE_MESSAGE = 'The password must not be your phone number';

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A real calendar date of birth (YYYY-MM-DD), in the past, at least MIN_SIGNUP_AGE years ago.
 * `now` is read at each check, so the server can hand in its clock.
 */
export function dobSchemaAt(now: () => Date) {
  return z
    .string({ error: 'Enter your date of birth' })
    .trim()
    .min(1, 'Enter your date of birth')
    .superRefine((value, ctx) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
      const date = new Date(Date.UTC(year, month - 1, day));
      if (!match || utcDay(date) !== value) {
        ctx.addIssue({ code: 'custom', message: 'Enter a real date as YYYY-MM-DD' });
        return;
      }
      const today = utcDay(now());
      if (value >= today) {
        ctx.addIssue({ code: 'custom', message: 'The date of birth must be in the past' });
        return;
      }
      if (year < 1900) {
        ctx.addIssue({ code: 'custom', message: 'Enter a real date of birth' });
        return;
      }
      const birthday = new Date(Date.UTC(year + MIN_SIGNUP_AGE, month - 1, day));
      if (utcDay(birthday) > today) {
        ctx.addIssue({ code: 'custom', message: `You must be at least ${MIN_SIGNUP_AGE} years old` });
      }
    });
}

/** `POST /api/otp/send`. `purpose` defaults to sign-up; `phone_change` needs a signed-in viewer. */
export const otpSendBodySchema = z.strictObject({
  phoneNumber: phoneNumberSchema,
  purpose: otpPurposeSchema.optional(),
});
export type OtpSendBody = z.infer<typeof otpSendBodySchema>;

/** The same answer whether or not the number has an account. */
export const otpSendReplySchema = z.object({
  data: z.literal('updated'),
  /** Seconds before another code may be requested for this number. */
  resendAfterSeconds: z.number(),
  /** Seconds the code stays valid. */
  expiresInSeconds: z.number(),
});
export type OtpSendReply = z.infer<typeof otpSendReplySchema>;

/**
 * `POST /api/otp/verify`. For `signup` (the default) an approval uses the code up and sets the short-lived
 * sign-up proof cookie that `POST /api/user/add` needs. For `reset` and `phone_change` it only checks the code
 * (wrong tries still count); the reset or edit call then uses it.
 */
export const otpVerifyBodySchema = z.strictObject({
  phoneNumber: phoneNumberSchema,
  code: otpCodeSchema,
  purpose: otpPurposeSchema.optional(),
});
export type OtpVerifyBody = z.infer<typeof otpVerifyBodySchema>;

export const OTP_VERDICTS = ['approved', 'pending', 'expired', 'max_attempts_reached'] as const;
export type OtpVerdict = (typeof OTP_VERDICTS)[number];
/**
 * The spec's (Twilio Verify's) answer: `data` is the status, `errors` the reasons when it is not approved.
 * `account_exists`: only on an approved sign-up code (so only to whoever holds the number), whether the number
 * already has an account; the page then offers Sign In instead of a form that could not be sent.
 */
export const otpVerifyReplySchema = z.object({
  data: z.enum(OTP_VERDICTS),
  errors: z.array(z.string()).nullable(),
  account_exists: z.boolean().optional(),
});
export type OtpVerifyReply = z.infer<typeof otpVerifyReplySchema>;

const nameSchema = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .transform((value) => (value === '' ? null : value));

/** `POST /api/user/add`: the spec's sign-up payload plus the terms checkbox and an optional first name. */
export function signupBodySchemaAt(now: () => Date) {
  return z
    .strictObject({
      first_name: nameSchema.optional(),
      dob: dobSchemaAt(now),
      gender: genderSchema,
      nationality: nationalitySchema,
      password: passwordSchema,
      phone_number: phoneNumberSchema,
      terms: z.literal(true, { error: 'Accept the terms and conditions' }),
    })
    .superRefine((body, ctx) => {
      if (passwordIsPhoneNumber(body.password, body.phone_number)) {
        ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_PHONE_MESSAGE });
      }
    });
}
export const signupBodySchema = signupBodySchemaAt(() => new Date());
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signupReplySchema = z.object({ message: z.literal('updated'), role: roleSchema });
export type SignupReply = z.infer<typeof signupReplySchema>;

/** `GET /api/user/profile`: the signed-in viewer's own account. */
export const userProfileSchema = z.object({
  user_id: z.number(),
  role: roleSchema,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  /** The verified email, a sign-in name. */
  email: z.string().nullable(),
  /** An email set but not yet confirmed with the code mailed to it: not a sign-in name. */
  pending_email: z.string().nullable(),
  phone_number: z.string(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  nationality: z.string().nullable(),
  language: z.string().nullable(),
  /** Address of the avatar image, or null. */
  avatar: z.string().nullable(),
  verified: z.boolean(),
  trial_ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

const emailSchema = z
  .string()
  .trim()
  .max(254, 'At most 254 characters')
  .transform((value) => value.toLowerCase())
  .pipe(z.union([z.literal(''), z.email('Enter a valid email address')]))
  .transform((value) => (value === '' ? null : value));

/** The fields whose change needs the current password: they decide who can sign in to the account. */
const OWNERSHIP_FIELDS = ['password', 'email', 'phone_number'] as const;

/**
 * `POST /api/user/edit`: any of the spec's account fields. A new password, email or phone number needs the
 * current password; a new phone number also needs the code sent to it (`POST /api/otp/send` with purpose
 * `phone_change`); a new email waits as `pending_email` until the code mailed to it is confirmed.
 */
export function userEditBodySchemaAt(now: () => Date) {
  return z
    .strictObject({
      first_name: nameSchema.optional(),
      last_name: nameSchema.optional(),
      email: emailSchema.nullable().optional(),
      password: passwordSchema.optional(),
      current_password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
      phone_number: phoneNumberSchema.optional(),
      code: otpCodeSchema.optional(),
      dob: dobSchemaAt(now).optional(),
      gender: genderSchema.optional(),
      nationality: nationalitySchema.optional(),
      language: z.string().trim().min(1, 'Choose a language').max(10, 'Choose a language').optional(),
    })
    .superRefine((body, ctx) => {
      const changes = Object.keys(body).filter((key) => key !== 'current_password' && key !== 'code');
      if (changes.length === 0) ctx.addIssue({ code: 'custom', message: 'Nothing to change' });
      if (OWNERSHIP_FIELDS.some((field) => body[field] !== undefined) && !body.current_password) {
        ctx.addIssue({ code: 'custom', path: ['current_password'], message: 'Enter your current password' });
      }
      if (body.phone_number !== undefined && !body.code) {
        ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter the code sent to the new number' });
      }
    });
}
export const userEditBodySchema = userEditBodySchemaAt(() => new Date());
export type UserEditBody = z.input<typeof userEditBodySchema>;

export const userEditReplySchema = z.object({ message: z.literal('updated'), profile: userProfileSchema });
export type UserEditReply = z.infer<typeof userEditReplySchema>;

/** `POST /api/user/email/confirm`: the code mailed to the pending email makes it the account's email. */
export const emailConfirmBodySchema = z.strictObject({ code: otpCodeSchema });

/** `POST /api/user/password/reset`: a code sent with purpose `reset` sets a new password. */
export const passwordResetBodySchema = z
  .strictObject({
    phone_number: phoneNumberSchema,
    code: otpCodeSchema,
    password: passwordSchema,
  })
  .superRefine((body, ctx) => {
    if (passwordIsPhoneNumber(body.password, body.phone_number)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_PHONE_MESSAGE });
    }
  });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const messageReplySchema = z.object({ message: z.string() });

/* ---------- User administration (admin only) ---------- */

export const USER_STATUSES = ['active', 'disabled'] as const;
export const userStatusSchema = z.enum(USER_STATUSES, { error: 'Choose active or disabled' });
export type UserStatus = z.infer<typeof userStatusSchema>;
export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_USERS_MAX_PAGE_SIZE = 100;

/** `GET /api/web/user` query. */
export const adminUserListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1, 'Pages start at 1').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_USERS_MAX_PAGE_SIZE, `At most ${ADMIN_USERS_MAX_PAGE_SIZE}`)
    .default(ADMIN_USERS_PAGE_SIZE),
  /** Part of a name, phone number or email. */
  search: z.string().trim().max(100).optional(),
  /** Nationality: a country code such as PK (or the spec's names, Pakistan and India). */
  country: z
    .string()
    .trim()
    .max(64)
    .transform((value) => countryCodeOf(value) ?? value)
    .optional(),
  status: userStatusSchema.optional(),
  role: roleSchema.optional(),
});
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;

export const adminUserRowSchema = z.object({
  user_id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string(),
  nationality: z.string().nullable(),
  avatar: z.string().nullable(),
  role: roleSchema,
  status: userStatusSchema,
  verified: z.boolean(),
  trial_ends_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

/** `GET /api/web/user`: the spec's list, an array of accounts (total and pages in headers). */
export const adminUserListReplySchema = listReplySchema(adminUserRowSchema);

/** `GET /api/web/user/:user_id`: the profile with the account's state. */
export const adminUserDetailSchema = userProfileSchema.extend({
  status: userStatusSchema,
  updated_at: z.string(),
  /** Whether the free trial is still running. */
  trial_active: z.boolean(),
  /** Sessions that have not expired. */
  active_sessions: z.number(),
  /** When the most recent live session started, or null. */
  last_sign_in_at: z.string().nullable(),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** `POST /api/web/user`: an administrator creates an account. */
export const adminUserCreateBodySchema = z
  .strictObject({
    phone_number: phoneNumberSchema,
    first_name: nameSchema.optional(),
    last_name: nameSchema.optional(),
    email: emailSchema.optional(),
    password: passwordSchema,
    role: roleSchema.default('user'),
    status: userStatusSchema.default('active'),
    verified: z.boolean().optional(),
    gender: genderSchema.optional(),
    nationality: nationalitySchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (passwordIsPhoneNumber(body.password, body.phone_number)) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_IS_PHONE_MESSAGE });
    }
  });
export type AdminUserCreateBody = z.input<typeof adminUserCreateBodySchema>;

export const adminUserStatusBodySchema = z.strictObject({ status: userStatusSchema });
export const adminUserVerifiedBodySchema = z.strictObject({
  verified: z.boolean({ error: 'Send true or false' }),
});
export const adminUserRoleBodySchema = z.strictObject({ role: roleSchema });

/**
 * `GET /api/dev/sms-outbox` (development only): the latest messages to a number, for browser tests. A `+` left
 * unencoded in the query arrives as a space: the server reads `phone=%2B92…`, `phone=92…` alike.
 */
export const smsOutboxQuerySchema = z.strictObject({
  phone: z.string().trim().min(1, 'Enter a phone number').max(32),
});
export const smsOutboxReplySchema = z.object({
  items: z.array(
    z.object({ to: z.string(), body: z.string(), code: z.string().nullable(), created_at: z.string() }),
  ),
});

/** `GET /api/dev/email-outbox` (development only): the latest mails to an address, for browser tests. */
export const emailOutboxQuerySchema = z.strictObject({
  to: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter an email address')),
});
export const emailOutboxReplySchema = z.object({
  items: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      body: z.string(),
      code: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
