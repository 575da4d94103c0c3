import { z } from 'zod';

export const roles = ['user', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** `POST /api/user/login`: the spec's sign-in payload (the field also accepts an email). */
export const loginBodySchema = z.strictObject({
  phone_number: z.string().trim().min(3, 'Enter your phone number or email').max(254),
  password: z.string().min(1, 'Enter your password').max(128),
  remember_me: z.boolean().optional(),
  /** The country chosen beside the name (ISO 3166 alpha-2): the number may then be in its national form. */
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'Choose a country')
    .optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * The reply of a successful sign-in is the plain role string, as the spec's client expects; an account with a
 * second factor answers `second_factor` (SECOND_STEP_NEEDED) and has no session until the second step.
 */
export const loginReplySchema = z.enum([...roles, 'second_factor']);
export type LoginReply = z.infer<typeof loginReplySchema>;

export const roleListReplySchema = z.array(z.object({ role: roleSchema }));

export const meReplySchema = z.object({
  user_id: z.number(),
  role: roleSchema,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone_number: z.string(),
  email: z.string().nullable(),
  language: z.string().nullable(),
});
export type Me = z.infer<typeof meReplySchema>;
