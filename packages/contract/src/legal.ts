import { z } from 'zod';
import { keywordSchema } from './languages.js';

/** The site's legal pages, each at `/<page>` on the web and `GET /api/legal/<page>` on the API. */
export const LEGAL_PAGES = ['terms', 'privacy'] as const;
export const legalPageSchema = z.enum(LEGAL_PAGES, { error: 'Choose terms or privacy' });
export type LegalPageName = z.infer<typeof legalPageSchema>;
export const MAX_LEGAL_BODY_LENGTH = 100_000;

/** Addresses name the page (and language) as text: an unknown one is a 404, not a malformed call. */
export const legalPageParamsSchema = z.object({ page: z.string().max(32) });
/** `GET /api/legal/:page?lang=Ur`: the text in that language, else in the default language. */
export const legalPageQuerySchema = z.strictObject({ lang: keywordSchema.optional() });

/** One page in one language; `body` is rich text the server cleaned when it was written. */
export const legalTextSchema = z.object({
  page: legalPageSchema,
  /** The language keyword of this text (the default language's when the one asked for has none). */
  language: z.string(),
  title: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type LegalText = z.infer<typeof legalTextSchema>;

/** `GET /api/admin/legal/:page`: the page in every language that has it. */
export const legalAdminReplySchema = z.object({ page: legalPageSchema, texts: z.array(legalTextSchema) });
export type LegalAdminReply = z.infer<typeof legalAdminReplySchema>;

export const legalAdminParamsSchema = z.object({ page: z.string().max(32), lang: z.string().max(16) });
/** `POST /api/admin/legal/:page/:lang`: the title (plain text) and the body (rich text, cleaned on write). */
export const legalTextBodySchema = z.strictObject({
  title: z
    .string({ error: 'Enter the title' })
    .trim()
    .min(1, 'Enter the title')
    .max(200, 'At most 200 characters'),
  body: z
    .string({ error: 'Enter the text' })
    .min(1, 'Enter the text')
    .max(MAX_LEGAL_BODY_LENGTH, `At most ${MAX_LEGAL_BODY_LENGTH} characters`),
});
export type LegalTextBody = z.infer<typeof legalTextBodySchema>;
