import {
  episodeBodySchema,
  episodeTranslationBodySchema,
  episodeTranslationDeleteBodySchema,
  episodeTranslationsReplySchema,
  genreNameBodySchema,
  genreNamesReplySchema,
  MAX_IMAGE_BYTES,
  MAX_SUBTITLE_BYTES,
  movieDetailsBodySchema,
  movieDetailsReplySchema,
  movieDiscardReplySchema,
  movieListQuerySchema,
  movieListReplySchema,
  movieSchema,
  subtitleFieldsSchema,
  titleTranslationBodySchema,
  titleTranslationDeleteBodySchema,
  titleTranslationsReplySchema,
  uploadFieldsSchema,
} from '@salomtv/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { badRequest } from '../../../lib/errors.js';
import { formRoutes, readSmallForm } from '../../../lib/multipart-form.js';
import { sendListPage } from '../../../lib/paging.js';
import type { ImageSlot, MovieMediaService, VideoKind } from '../pipeline/media-service.js';
import type { MovieService } from './service.js';
import type { TitleTranslationService } from './translations.js';
import { type LargeFormSettings, withLargeForm } from './video-form.js';

const tags = ['movies'];
const movieParams = z.object({ movie_id: z.coerce.number().int().positive() });
const episodeParams = z.object({ episode_id: z.coerce.number().int().positive() });
const subtitleParams = z.object({ subtitle_id: z.coerce.number().int().positive() });
const multipart = { tags, consumes: ['multipart/form-data'], response: { 200: movieSchema } };
/** The spec names the file field `file`; the obvious other names are accepted too. */
const IMAGE_FIELDS = ['file', 'banner', 'thumbnail', 'image'];
const VIDEO_FIELDS = ['file', 'video', 'trailer'];

export type MovieRouteSettings = LargeFormSettings;

/** Admin movie calls (spec section 7 `/movie/*`, under /api): admin only, CSRF on every call. */
export function movieRoutes(
  app: AppInstance,
  movies: MovieService,
  media: MovieMediaService,
  translations: TitleTranslationService,
  settings: MovieRouteSettings,
): void {
  app.get('/api/movie/get', {
    config: { access: 'admin' },
    schema: { tags, querystring: movieListQuerySchema, response: { 200: movieListReplySchema } },
    handler: async (request, reply) => sendListPage(request, reply, await movies.list(request.query)),
  });

  app.post('/api/movie/create', {
    config: { access: 'admin' },
    schema: { tags, response: { 201: movieSchema } },
    handler: async (request, reply) => reply.status(201).send(await movies.create(request.viewer)),
  });

  // The spec's state-changing GET, kept for its client: admin only and CSRF-checked like a POST.
  app.get('/api/movie/create', {
    config: { access: 'admin', csrf: true },
    schema: { tags, response: { 200: movieSchema } },
    handler: (request) => movies.create(request.viewer),
  });

  app.post('/api/movie/details', {
    config: { access: 'admin' },
    schema: { tags, body: movieDetailsBodySchema, response: { 200: movieDetailsReplySchema } },
    handler: (request) => movies.updateDetails(request.body, request.viewer),
  });

  app.post('/api/movie/:movie_id/discard', {
    config: { access: 'admin' },
    schema: { tags, params: movieParams, response: { 200: movieDiscardReplySchema } },
    handler: (request) => movies.discardUntouched(request.params.movie_id, request.viewer),
  });

  app.get('/api/movie/:movie_id/translations', {
    config: { access: 'admin' },
    schema: { tags, params: movieParams, response: { 200: titleTranslationsReplySchema } },
    handler: (request) => translations.list(request.params.movie_id),
  });

  app.post('/api/movie/translation', {
    config: { access: 'admin' },
    schema: { tags, body: titleTranslationBodySchema, response: { 200: titleTranslationsReplySchema } },
    handler: (request) => translations.save(request.body, request.viewer),
  });

  app.get('/api/genre/names', {
    config: { access: 'admin' },
    schema: { tags, response: { 200: genreNamesReplySchema } },
    handler: () => translations.genreNames(),
  });

  app.post('/api/genre/name', {
    config: { access: 'admin' },
    schema: { tags, body: genreNameBodySchema, response: { 200: genreNamesReplySchema } },
    handler: (request) => translations.setGenreName(request.body, request.viewer),
  });

  app.get('/api/movie/:movie_id/episode-translations', {
    config: { access: 'admin' },
    schema: { tags, params: movieParams, response: { 200: episodeTranslationsReplySchema } },
    handler: (request) => translations.listEpisodes(request.params.movie_id),
  });

  app.post('/api/movie/episode/translation', {
    config: { access: 'admin' },
    schema: { tags, body: episodeTranslationBodySchema, response: { 200: episodeTranslationsReplySchema } },
    handler: (request) => translations.saveEpisode(request.body, request.viewer),
  });

  app.post('/api/movie/episode/translation/delete', {
    config: { access: 'admin' },
    schema: {
      tags,
      body: episodeTranslationDeleteBodySchema,
      response: { 200: episodeTranslationsReplySchema },
    },
    handler: (request) =>
      translations.removeEpisode(request.body.episode_id, request.body.language, request.viewer),
  });

  app.post('/api/movie/translation/delete', {
    config: { access: 'admin' },
    schema: { tags, body: titleTranslationDeleteBodySchema, response: { 200: titleTranslationsReplySchema } },
    handler: (request) => translations.remove(request.body.movie_id, request.body.language, request.viewer),
  });

  formRoutes(app, (forms) => {
    forms.post('/api/movie/banner', {
      config: { access: 'admin' },
      schema: multipart,
      handler: (request) => image(request, 'banner'),
    });

    forms.post('/api/movie/thumbnail', {
      config: { access: 'admin' },
      schema: multipart,
      handler: (request) => image(request, 'thumbnail'),
    });

    forms.post('/api/movie/trailer', {
      config: { access: 'admin' },
      schema: multipart,
      handler: (request, reply) => video(request, reply, 'trailer'),
    });

    forms.post('/api/movie/add', {
      config: { access: 'admin' },
      schema: multipart,
      handler: (request, reply) => video(request, reply, 'video'),
    });

    forms.post('/api/movie/subtitle', {
      config: { access: 'admin' },
      schema: multipart,
      handler: async (request) => {
        const form = await readSmallForm(request, {
          fields: subtitleFieldsSchema,
          files: { file: MAX_SUBTITLE_BYTES },
        });
        const { fields } = form;
        if (!form.files.file)
          throw badRequest('Choose a subtitle file', { file: 'Choose a .vtt or .srt file' });
        return media.addSubtitle(
          fields.movie_id,
          fields.episode_id,
          fields.language,
          form.files.file,
          request.viewer,
        );
      },
    });
  });

  app.delete('/api/movie/subtitle/:subtitle_id', {
    config: { access: 'admin' },
    schema: { tags, params: subtitleParams, response: { 200: movieSchema } },
    handler: (request) => media.deleteSubtitle(request.params.subtitle_id, request.viewer),
  });

  app.post('/api/movie/episode', {
    config: { access: 'admin' },
    schema: { tags, body: episodeBodySchema, response: { 200: movieSchema } },
    handler: (request) => movies.addEpisode(request.body, request.viewer),
  });

  app.put('/api/movie/episode/:episode_id', {
    config: { access: 'admin' },
    schema: { tags, params: episodeParams, body: episodeBodySchema, response: { 200: movieSchema } },
    handler: (request) => movies.updateEpisode(request.params.episode_id, request.body, request.viewer),
  });

  app.delete('/api/movie/episode/:episode_id', {
    config: { access: 'admin' },
    schema: { tags, params: episodeParams, response: { 200: movieSchema } },
    handler: (request) => movies.deleteEpisode(request.params.episode_id, request.viewer),
  });

  app.get('/api/movie/:movie_id', {
    config: { access: 'admin' },
    schema: { tags, params: movieParams, response: { 200: movieSchema } },
    handler: (request) => movies.get(request.params.movie_id),
  });

  app.delete('/api/movie/:movie_id', {
    config: { access: 'admin' },
    schema: { tags, params: movieParams },
    handler: async (request, reply) => {
      await movies.delete(request.params.movie_id, request.viewer);
      return reply.status(204).send();
    },
  });

  async function image(request: Parameters<typeof readSmallForm>[0], slot: ImageSlot) {
    const form = await readSmallForm(request, {
      fields: uploadFieldsSchema,
      files: Object.fromEntries(IMAGE_FIELDS.map((name) => [name, MAX_IMAGE_BYTES])),
    });
    const { fields } = form;
    const upload = IMAGE_FIELDS.map((name) => form.files[name]).find(Boolean);
    if (!upload) throw badRequest('Choose an image', { file: 'Choose a PNG, JPEG or WebP image' });
    return media.setImage(fields.movie_id, fields.episode_id, slot, upload, request.viewer);
  }

  function video(request: Parameters<typeof readSmallForm>[0], reply: FastifyReply, kind: VideoKind) {
    return withLargeForm(
      request,
      reply,
      { fields: uploadFieldsSchema, files: VIDEO_FIELDS },
      settings,
      () => badRequest('Choose a video file', { file: 'Choose an MP4, MOV, MKV or WebM video' }),
      (fields, file) =>
        media.attachVideo(
          fields.movie_id,
          fields.episode_id,
          kind,
          { path: file.path, size: file.size, originalName: file.filename },
          request.viewer,
        ),
    );
  }
}
