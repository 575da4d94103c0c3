import { z } from 'zod';
import { MAX_TRANSLATION_LENGTH, translationKeyNames } from './translation-keys.js';

export const MAX_FLAG_BYTES = 1024 * 1024;

export const keywordSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,10}$/, 'Use 2 to 10 letters, such as En');

export const languageDirSchema = z.enum(['ltr', 'rtl']);

/** One row of `GET /api/language/select`. */
export const languageSummarySchema = z.object({
  lang_id: z.number(),
  keyword: z.string(),
  language_title: z.string(),
  flag: z.string().nullable(),
  dir: languageDirSchema,
  is_default: z.boolean(),
});
export type LanguageSummary = z.infer<typeof languageSummarySchema>;
export const languageListReplySchema = z.array(languageSummarySchema);

const textFieldSchema = z
  .string()
  .max(MAX_TRANSLATION_LENGTH, `At most ${MAX_TRANSLATION_LENGTH} characters`);
const textShape = Object.fromEntries(
  translationKeyNames.map((key) => [key, textFieldSchema.optional()]),
) as Record<(typeof translationKeyNames)[number], z.ZodOptional<typeof textFieldSchema>>;

/** The text fields of `POST /api/language` and `/api/language/update` (multipart fields, flag aside). */
export const languageFieldsSchema = z.strictObject({
  language_title: z.string().trim().min(1, 'Enter the language title').max(60, 'At most 60 characters'),
  keyword: keywordSchema,
  dir: languageDirSchema.optional(),
  ...textShape,
});
export type LanguageFields = z.infer<typeof languageFieldsSchema>;

/** `POST /api/language/update`: a field left out keeps its value (a flag alone, or one text, may be sent). */
export const languageUpdateFieldsSchema = languageFieldsSchema.partial().extend({
  lang_id: z.coerce.number().int().positive('Unknown language'),
});
export type LanguageUpdateFields = z.infer<typeof languageUpdateFieldsSchema>;

export const languageGetBodySchema = z.strictObject({ keyword: keywordSchema });

/** The translation record: every catalogue key plus the language's identity. */
export const languageRecordSchema = z
  .object({
    lang_id: z.number(),
    keyword: z.string(),
    language_title: z.string(),
    flag: z.string().nullable(),
    dir: languageDirSchema,
  })
  .catchall(z.union([z.string(), z.number(), z.null()]));
/** The viewer site reads texts by key; identity fields ride along. */
export type LanguageRecord = {
  lang_id: number;
  keyword: string;
  language_title: string;
  flag: string | null;
  dir: 'ltr' | 'rtl';
} & Record<string, string>;
export const languageGetReplySchema = z.array(languageRecordSchema);

/** Export/import format for translators: identity plus texts. */
export const languageExportSchema = z.strictObject({
  keyword: keywordSchema,
  language_title: z.string().trim().min(1).max(60),
  dir: languageDirSchema,
  texts: z.strictObject(textShape),
});
export type LanguageExport = z.infer<typeof languageExportSchema>;
