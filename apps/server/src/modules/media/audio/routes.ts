import {
  audioTrackDeleteBodySchema,
  audioTrackOrderBodySchema,
  audioTrackUpdateBodySchema,
  audioUploadFieldsSchema,
  movieSchema,
  uploadFieldsSchema,
} from '@salomtv/contract';
import type { AppInstance } from '../../../app-types.js';
import { badRequest } from '../../../lib/errors.js';
import { formRoutes } from '../../../lib/multipart-form.js';
import { type LargeFormSettings, withLargeForm } from '../title-admin/video-form.js';
import type { AudioTrackService } from './audio-tracks.js';

const tags = ['movies'];
const movieReply = { 200: movieSchema };
const audioFormSchema = uploadFieldsSchema.extend(audioUploadFieldsSchema.shape);

/**
 * The admin's audio tracks of a title's video or an episode's: an audio file uploaded per language (here as a
 * form, or resumable through /api/uploads with kind `audio`), and edits of every track. Admin only, CSRF.
 */
export function audioTrackRoutes(
  app: AppInstance,
  tracks: AudioTrackService,
  settings: LargeFormSettings,
): void {
  formRoutes(app, (forms) => {
    forms.post('/api/movie/audio', {
      config: { access: 'admin' },
      schema: { tags, consumes: ['multipart/form-data'], response: movieReply },
      handler: (request, reply) =>
        withLargeForm(
          request,
          reply,
          { fields: audioFormSchema, files: ['file', 'audio'] },
          settings,
          () =>
            badRequest('Choose an audio file', { file: 'Choose an M4A, MP3, WAV, FLAC or AAC audio file' }),
          (fields, file) =>
            tracks.attachFile(
              fields.movie_id,
              fields.episode_id,
              { language: fields.language, label: fields.label },
              { path: file.path, size: file.size, originalName: file.filename },
              request.viewer,
            ),
        ),
    });
  });

  app.post('/api/movie/audio/update', {
    config: { access: 'admin' },
    schema: { tags, body: audioTrackUpdateBodySchema, response: movieReply },
    handler: (request) => tracks.update(request.body, request.viewer),
  });

  app.post('/api/movie/audio/order', {
    config: { access: 'admin' },
    schema: { tags, body: audioTrackOrderBodySchema, response: movieReply },
    handler: (request) => tracks.order(request.body, request.viewer),
  });

  app.post('/api/movie/audio/delete', {
    config: { access: 'admin' },
    schema: { tags, body: audioTrackDeleteBodySchema, response: movieReply },
    handler: (request) => tracks.delete(request.body.track_id, request.viewer),
  });
}
