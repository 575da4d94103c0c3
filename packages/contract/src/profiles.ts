import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './accounts.js';
import { ageRatingSchema } from './catalog.js';
import { PROFILE_NAME_MAX } from './profile-rules.js';

/** Profiles: the viewers of one account (a household), each with its own lists, progress and language. */

const generatedAvatar = z.string().regex(/^avatar:(?:[0-9]|1[01])$/, 'Pick one of the avatars');
const languageKeyword = z.string().trim().min(1).max(16);
const profileName = z
  .string()
  .trim()
  .min(1, 'Enter a name')
  .max(PROFILE_NAME_MAX, `At most ${PROFILE_NAME_MAX} characters`);
export const profilePinSchema = z.string().regex(/^\d{4}$/, 'Enter 4 digits');
const accountPassword = z.string().min(1, 'Enter the account password').max(PASSWORD_MAX_LENGTH);
const profileId = z.number().int().positive();

export const profileSchema = z.object({
  profile_id: z.number(),
  name: z.string(),
  /** `avatar:<n>` for a generated avatar, else the uploaded image's address. */
  avatar: z.string(),
  language: z.string().nullable(),
  maturity: ageRatingSchema,
  kids: z.boolean(),
  autoplay_next: z.boolean(),
  autoplay_previews: z.boolean(),
  subtitle_language: z.string().nullable(),
  audio_language: z.string().nullable(),
  /** A PIN guards switching to it. */
  locked: z.boolean(),
  /** The account owner's profile: always there, never a kids profile. */
  owner: z.boolean(),
  last_active_at: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** `GET /api/profiles`: the account's profiles and the one this session is on. */
export const profilesReplySchema = z.object({
  profiles: z.array(profileSchema),
  /** The profile the session is on; null when the one it was on was deleted (the app asks who is watching). */
  current: z.number().nullable(),
  /** Profiles the account's plan allows. */
  max: z.number(),
  /** The account's maturity limit (every profile), null for none. */
  maturity_limit: ageRatingSchema.nullable(),
  /** This session gave the account password for titles above the limit. */
  mature_unlocked: z.boolean(),
});
export type ProfilesReply = z.infer<typeof profilesReplySchema>;

/** A profile's settings, each optional in a create or an update. */
const profileFields = z
  .object({
    avatar: generatedAvatar,
    language: languageKeyword.nullable(),
    maturity: ageRatingSchema,
    kids: z.boolean(),
    autoplay_next: z.boolean(),
    autoplay_previews: z.boolean(),
    subtitle_language: languageKeyword.nullable(),
    audio_language: languageKeyword.nullable(),
  })
  .partial().shape;

/** `POST /api/profiles`: a kids profile defaults to 7+, any other to 18+. */
export const profileCreateBodySchema = z.strictObject({ name: profileName, ...profileFields });
export type ProfileCreateBody = z.infer<typeof profileCreateBodySchema>;

/** `POST /api/profiles/update`: only the fields sent change. */
export const profileUpdateBodySchema = z.strictObject({
  profile_id: profileId,
  name: profileName.optional(),
  ...profileFields,
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

export const profileIdBodySchema = z.strictObject({ profile_id: profileId });

/** `POST /api/profiles/select`: a locked profile needs its PIN unless the session is on it already. */
export const profileSelectBodySchema = z.strictObject({
  profile_id: profileId,
  pin: profilePinSchema.optional(),
});
export type ProfileSelectBody = z.infer<typeof profileSelectBodySchema>;

/** `POST /api/profiles/pin`: sets (a PIN) or removes (null) a profile's lock; the account password is required. */
export const profilePinBodySchema = z.strictObject({
  profile_id: profileId,
  pin: profilePinSchema.nullable(),
  password: accountPassword,
});
export type ProfilePinBody = z.infer<typeof profilePinBodySchema>;

/** `POST /api/profiles/maturity-limit`: the account's limit for every profile; the account password is required. */
export const maturityLimitBodySchema = z.strictObject({
  maturity_limit: ageRatingSchema.nullable(),
  password: accountPassword,
});

/** `POST /api/profiles/unlock`: titles above the account's limit for the rest of this session. */
export const matureUnlockBodySchema = z.strictObject({ password: accountPassword });

/** `GET /api/admin/users/:user_id/profiles`: what the admin sees of an account's profiles. */
export const adminProfileSchema = z.object({
  profile_id: z.number(),
  name: z.string(),
  maturity: ageRatingSchema,
  kids: z.boolean(),
  locked: z.boolean(),
  owner: z.boolean(),
  last_active_at: z.string().nullable(),
});
export const adminProfilesReplySchema = z.array(adminProfileSchema);
export type AdminProfile = z.infer<typeof adminProfileSchema>;
