import { streamQuerySchema, streamStartReplySchema } from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { LocalDiskStorage, type MediaStorage } from '../../media/storage.js';
import { type MediaFileCache, sendMediaFile } from './send-file.js';
import type { StreamingService } from './service.js';

const tags = ['streaming'];
const PLAYLIST = 'application/vnd.apple.mpegurl';
const movieParams = z.object({ movie_id: z.coerce.number().int().positive() });
const episodeParams = movieParams.extend({ episode_id: z.coerce.number().int().positive() });
const fileParams = z.object({ token: z.string().max(120), file: z.string().max(40) });

export function streamingRoutes(
  app: AppInstance,
  streaming: StreamingService,
  storage: MediaStorage,
  delivery: { accelPrefix: string | undefined; memory: MediaFileCache },
): void {
  // Public: trailers play for everyone; the service answers 401 for a feature when signed out.
  app.get('/api/stream/:movie_id/master.m3u8', {
    config: { access: 'public' },
    schema: { tags, params: movieParams, querystring: streamQuerySchema },
    handler: async (request, reply) => {
      const body = await streaming.master(
        request.viewer,
        request.params.movie_id,
        undefined,
        request.query.asset,
      );
      return reply.header('content-type', PLAYLIST).header('cache-control', 'private, no-store').send(body);
    },
  });

  app.get('/api/stream/:movie_id/episodes/:episode_id/master.m3u8', {
    config: { access: 'public' },
    schema: { tags, params: episodeParams },
    handler: async (request, reply) => {
      const { movie_id, episode_id } = request.params;
      const body = await streaming.master(request.viewer, movie_id, episode_id, 'video');
      return reply.header('content-type', PLAYLIST).header('cache-control', 'private, no-store').send(body);
    },
  });

  // The two playlists a player starts on, in one answer (hls.js in the web app asks for these first).
  app.get('/api/stream/:movie_id/start.json', {
    config: { access: 'public' },
    schema: {
      tags,
      params: movieParams,
      querystring: streamQuerySchema,
      response: { 200: streamStartReplySchema },
    },
    handler: async (request, reply) => {
      const { movie_id } = request.params;
      const start = await streaming.start(request.viewer, movie_id, undefined, request.query.asset);
      return reply.header('cache-control', 'private, no-store').send(start);
    },
  });

  app.get('/api/stream/:movie_id/episodes/:episode_id/start.json', {
    config: { access: 'public' },
    schema: { tags, params: episodeParams, response: { 200: streamStartReplySchema } },
    handler: async (request, reply) => {
      const { movie_id, episode_id } = request.params;
      const start = await streaming.start(request.viewer, movie_id, episode_id, 'video');
      return reply.header('cache-control', 'private, no-store').send(start);
    },
  });

  // The signed addresses: variant playlists, init segments, media segments and subtitles.
  app.get('/api/stream/s/:token/:file', {
    config: { access: 'public' },
    schema: { tags, params: fileParams, hide: true },
    handler: async (request, reply) => {
      const result = await streaming.file(request.viewer, request.params.token, request.params.file);
      if (result.kind === 'text') {
        return reply
          .header('content-type', result.contentType)
          .header('cache-control', result.cacheControl)
          .send(result.body);
      }
      // Object storage: a short-lived presigned address; the bytes never pass through Node.
      if (!(storage instanceof LocalDiskStorage)) {
        const direct = await storage.signedUrl(result.key, 300);
        if (!direct) throw new Error('The media storage gave no address');
        return reply.header('cache-control', 'private, no-store').redirect(direct, 302);
      }
      return sendMediaFile(
        request,
        reply,
        {
          path: storage.pathFor(result.key),
          relativeKey: result.key,
          contentType: result.contentType,
          cacheControl: result.cacheControl,
        },
        delivery,
      );
    },
  });
}
