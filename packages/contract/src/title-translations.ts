import { z } from 'zod';
import { keywordSchema } from './languages.js';

/**
 * The viewer's display language on the catalogue calls (`?lang=Uz`): titles, summaries, descriptions and genres
 * come in it where an admin translated them, else as written.
 */
export const catalogLanguageQuery = { lang: keywordSchema.optional() };
export const catalogLanguageQuerySchema = z.strictObject(catalogLanguageQuery);

/** A title's tagline: one line under its name, plain text. */
export const taglineSchema = z.string().trim().max(150, 'At most 150 characters');
/** The cast's names in a language's script, in the order of the title's cast ('' where written as the original). */
export const castNamesSchema = z.array(z.string().trim().max(100, 'At most 100 characters')).max(50);

/** A title's texts in one language (`GET /api/movie/:movie_id/translations`). */
export const titleTranslationSchema = z.object({
  language: z.string(),
  title: z.string(),
  /** Rich text, cleaned when written, as the title's own description. */
  description: z.string(),
  tagline: z.string(),
  cast: z.array(z.string()),
  updated_at: z.string(),
});
export type TitleTranslation = z.infer<typeof titleTranslationSchema>;
export const titleTranslationsReplySchema = z.array(titleTranslationSchema);

/** `POST /api/movie/translation`: sets the title's texts in a language the site has. */
export const titleTranslationBodySchema = z.strictObject({
  movie_id: z.coerce.number().int().positive(),
  language: keywordSchema,
  title: z.string().trim().min(1, 'Enter the title').max(200, 'At most 200 characters'),
  description: z.string().max(20_000, 'At most 20000 characters').default(''),
  tagline: taglineSchema.default(''),
  cast: castNamesSchema.default([]),
});
export type TitleTranslationBody = z.infer<typeof titleTranslationBodySchema>;

/** An episode's title and description in one language (`GET /api/movie/:movie_id/episode-translations`). */
export const episodeTranslationSchema = z.object({
  episode_id: z.number(),
  language: z.string(),
  title: z.string(),
  description: z.string(),
  updated_at: z.string(),
});
export type EpisodeTranslation = z.infer<typeof episodeTranslationSchema>;
export const episodeTranslationsReplySchema = z.array(episodeTranslationSchema);

/** `POST /api/movie/episode/translation`: sets an episode's texts in a language the site has. */
export const episodeTranslationBodySchema = z.strictObject({
  episode_id: z.coerce.number().int().positive(),
  language: keywordSchema,
  title: z.string().trim().min(1, 'Enter the title').max(200, 'At most 200 characters'),
  description: z.string().max(5000, 'At most 5000 characters').default(''),
});
export type EpisodeTranslationBody = z.infer<typeof episodeTranslationBodySchema>;

/** `POST /api/movie/episode/translation/delete`: the episode goes back to its own texts in that language. */
export const episodeTranslationDeleteBodySchema = z.strictObject({
  episode_id: z.coerce.number().int().positive(),
  language: keywordSchema,
});

/** `POST /api/movie/translation/delete`: the title goes back to its own texts in that language. */
export const titleTranslationDeleteBodySchema = z.strictObject({
  movie_id: z.coerce.number().int().positive(),
  language: keywordSchema,
});

/** "sci-fi " -> "Sci-Fi": one spelling per genre, whatever the admin typed (titles store it so). */
export function displayGenre(genre: string): string {
  return genre
    .trim()
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** `GET /api/genre/names`: every genre the catalogue's titles carry, with its name in each language it has one. */
export const genreNamesReplySchema = z.array(
  z.object({
    /** Lower case, as titles are filed under it. */
    genre: z.string(),
    /** How many titles carry it. */
    titles: z.number(),
    /** Names by language keyword. */
    names: z.record(z.string(), z.string()),
  }),
);
export type GenreNames = z.infer<typeof genreNamesReplySchema>[number];

/** `POST /api/genre/name`: a genre's name in one language; an empty name goes back to the genre as written. */
export const genreNameBodySchema = z.strictObject({
  genre: z.string().trim().min(1, 'Choose a genre').max(40),
  language: keywordSchema,
  name: z.string().trim().max(40, 'At most 40 characters'),
});
export type GenreNameBody = z.infer<typeof genreNameBodySchema>;
