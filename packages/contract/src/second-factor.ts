import { z } from 'zod';
import { roleSchema } from './auth.js';

export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
export const PASSKEY_NAME_MAX = 60;

const base64url = z
  .string()
  .max(8192)
  .regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');
const transports = z.array(z.string().max(32)).max(10);

/** A browser's answer to `navigator.credentials.create()` as JSON (what `@simplewebauthn/browser` sends). */
export const passkeyRegistrationResponseSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** A browser's answer to `navigator.credentials.get()` as JSON. */
export const passkeyAssertionSchema = z.object({
  id: base64url.min(1),
  rawId: base64url.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
});

/** WebAuthn options for the browser (`@simplewebauthn/server`'s JSON, handed to `@simplewebauthn/browser`). */
export const passkeyOptionsReplySchema = z.looseObject({ challenge: z.string() });
export type PasskeyOptions = z.infer<typeof passkeyOptionsReplySchema>;

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your app');

export const passkeySchema = z.object({
  passkey_id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

/** `GET /api/account/security`: the admin's second factors and the site's policy. */
export const securityStatusSchema = z.object({
  policy: z.object({
    /** Every admin must have a second factor. */
    required: z.boolean(),
    /** REQUIRE_ADMIN_SECOND_FACTOR decides it: the admins' setting does not. */
    set_by_environment: z.boolean(),
  }),
  /** This admin must add a factor before the admin area opens. */
  setup_required: z.boolean(),
  totp: z.object({ created_at: z.string() }).nullable(),
  passkeys: z.array(passkeySchema),
  recovery_codes_left: z.number(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

/** `POST /api/account/security/totp`: the new secret, shown this once (the server keeps it sealed). */
export const totpSetupReplySchema = z.object({ secret: z.string(), uri: z.string(), qr_svg: z.string() });
export type TotpSetupReply = z.infer<typeof totpSetupReplySchema>;

export const totpConfirmBodySchema = z.strictObject({ code: totpCodeSchema });

export const passkeyRegisterBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name this passkey').max(PASSKEY_NAME_MAX),
  response: passkeyRegistrationResponseSchema,
});

/** A factor was added: the account's first recovery codes come with the first factor, shown this once. */
export const factorAddedReplySchema = z.object({ recovery_codes: z.array(z.string()).nullable() });
export type FactorAddedReply = z.infer<typeof factorAddedReplySchema>;

/** Removing a factor or replacing the recovery codes asks for the account password again. */
export const securityPasswordBodySchema = z.strictObject({
  password: z.string().min(1, 'Enter your password').max(128),
});

export const recoveryCodesReplySchema = z.object({ recovery_codes: z.array(z.string()) });

export const securityPolicyBodySchema = z.strictObject({ required: z.boolean() });

/** `GET /api/auth/second-factor`: the ways the pending sign-in may finish. */
export const pendingSignInReplySchema = z.object({ methods: z.array(z.enum(SECOND_FACTOR_METHODS)) });
export type PendingSignIn = z.infer<typeof pendingSignInReplySchema>;

/** The second step: a TOTP `code`, a recovery `code`, or a passkey's `response`, as `method` says. */
export const secondStepBodySchema = z
  .strictObject({
    method: z.enum(SECOND_FACTOR_METHODS, { error: 'Choose how to confirm' }),
    code: z.string().trim().max(40).optional(),
    response: passkeyAssertionSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.method === 'totp' && !totpCodeSchema.safeParse(body.code ?? '').success)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter the 6-digit code from your app' });
    if (body.method === 'recovery_code' && !body.code)
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'Enter a recovery code' });
    if (body.method === 'passkey' && !body.response)
      ctx.addIssue({ code: 'custom', path: ['response'], message: 'Use your passkey' });
  });
export type SecondStepBody = z.infer<typeof secondStepBodySchema>;

export const secondStepReplySchema = z.object({ role: roleSchema });

/** One session of the account, for its sessions list. */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Read from the User-Agent at sign-in ("Chrome"); null when it says nothing known. */
  browser: z.string().nullable(),
  /** "Android", "Windows"; null when unknown. */
  os: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session this call came from. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsReplySchema = z.object({ sessions: z.array(accountSessionSchema) });

/** Signs out every other session, or this one too. */
export const endSessionsBodySchema = z.strictObject({ include_this: z.boolean() });
