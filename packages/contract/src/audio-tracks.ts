import { z } from 'zod';

/** Audio files an admin may upload as a track, by the type found in their bytes. */
export const AUDIO_FILE_TYPES = ['m4a', 'mp3', 'wav', 'flac', 'aac'] as const;
/** An uploaded audio track may be this much longer or shorter than the video, in seconds. */
export const AUDIO_DURATION_TOLERANCE_SECONDS = 2;
export const MAX_AUDIO_TRACKS = 16;

/** `uz`, `ru`, `pt-BR`, `und`: a track's language. */
export const audioLanguageSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Use a language code such as uz, ru or pt-BR');
export const audioLabelSchema = z
  .string()
  .trim()
  .min(1, 'Enter a label, such as Original or Русский дубляж')
  .max(80, 'At most 80 characters');

/** The metadata of a resumable audio upload (`kind` `audio`) beside movie_id, episode_id and filename. */
export const audioUploadFieldsSchema = z.object({
  language: audioLanguageSchema,
  label: audioLabelSchema.optional(),
});

/** `POST /api/movie/audio/update`: relabel a track, change its language, or make it the original. */
export const audioTrackUpdateBodySchema = z
  .strictObject({
    track_id: z.number().int().positive(),
    language: audioLanguageSchema.optional(),
    label: audioLabelSchema.optional(),
    is_default: z.literal(true).optional(),
  })
  .refine((body) => body.language !== undefined || body.label !== undefined || body.is_default, {
    message: 'Say what to change: language, label or is_default',
  });
export type AudioTrackUpdateBody = z.infer<typeof audioTrackUpdateBodySchema>;

/** `POST /api/movie/audio/order`: every track of the title's video (or an episode's), in the menu's new order. */
export const audioTrackOrderBodySchema = z.strictObject({
  movie_id: z.number().int().positive(),
  episode_id: z.number().int().positive().optional(),
  track_ids: z.array(z.number().int().positive()).min(1).max(MAX_AUDIO_TRACKS),
});
export type AudioTrackOrderBody = z.infer<typeof audioTrackOrderBodySchema>;

/** `POST /api/movie/audio/delete`. */
export const audioTrackDeleteBodySchema = z.strictObject({ track_id: z.number().int().positive() });

/** `POST /api/playback/audio`: the audio language a viewer chose for a title, played first next time. */
export const audioChoiceBodySchema = z.strictObject({
  movie_id: z.number().int().positive(),
  language: audioLanguageSchema,
});
export type AudioChoiceBody = z.infer<typeof audioChoiceBodySchema>;
