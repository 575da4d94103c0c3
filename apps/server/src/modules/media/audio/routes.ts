import fs from 'node:fs/promises';
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
import type { MovieRouteSettings } from '../title-admin/routes.js';
import { readVideoForm } from '../title-admin/video-form.js';
import type { AudioTrackService } from './audio-tracks.js';

const tags = ['movies'];
const reply = { 200: movieSchema };
const audioFormSchema = uploadFieldsSchema.extend(audioUploadFieldsSchema.shape);

/**
 * The admin's audio tracks of a title's video or an episode's: an audio file uploaded per language (here as a
 * form, or resumable through /api/uploads with kind `audio`), and edits of every track. Admin only, CSRF.
 */
export function audioTrackRoutes(
  app: AppInstance,
  tracks: AudioTrackService,
  settings: MovieRouteSettings,
): void {
  formRoutes(app, (forms) => {
    forms.post('/api/movie/audio', {
      config: { access: 'admin' },
      schema: { tags, consumes: ['multipart/form-data'], response: reply },
      handler: async (request, answer) => {
        let temp: string | undefined;
        try {
          const form = await readVideoForm(
            request,
            { fields: audioFormSchema, files: ['file', 'audio'] },
            settings.tmpDir,
            settings.maxVideoBytes,
          );
          temp = form.file?.path;
          const { fields } = form;
          if (!form.file)
            throw badRequest('Choose an audio file', {
              file: 'Choose an M4A, MP3, WAV, FLAC or AAC audio file',
            });
          return await tracks.attachFile(
            fields.movie_id,
            fields.episode_id,
            { language: fields.language, label: fields.label },
            { path: form.file.path, size: form.file.size, originalName: form.file.filename },
            request.viewer,
          );
        } catch (error) {
          // The client may still be sending a large body: do not keep the connection for it.
          answer.header('connection', 'close');
          throw error;
        } finally {
          if (temp) await fs.rm(temp, { force: true });
        }
      },
    });
  });

  app.post('/api/movie/audio/update', {
    config: { access: 'admin' },
    schema: { tags, body: audioTrackUpdateBodySchema, response: reply },
    handler: (request) => tracks.update(request.body, request.viewer),
  });

  app.post('/api/movie/audio/order', {
    config: { access: 'admin' },
    schema: { tags, body: audioTrackOrderBodySchema, response: reply },
    handler: (request) => tracks.order(request.body, request.viewer),
  });

  app.post('/api/movie/audio/delete', {
    config: { access: 'admin' },
    schema: { tags, body: audioTrackDeleteBodySchema, response: reply },
    handler: (request) => tracks.delete(request.body.track_id, request.viewer),
  });
}
