import {
  audioChoiceBodySchema,
  castAddressBodySchema,
  castAddressReplySchema,
  episodeStartMediaQuerySchema,
  episodeStreamQuerySchema,
  playbackIdParamsSchema,
  START_MEDIA_AUDIO,
  START_MEDIA_AUDIO_INIT_LENGTH,
  START_MEDIA_AUDIO_SEGMENT,
  START_MEDIA_INIT_LENGTH,
  START_MEDIA_SEGMENT,
  START_MEDIA_SEGMENT_LENGTH,
  streamQuerySchema,
  streamStartMediaQuerySchema,
  streamStartReplySchema,
} from '@salomtv/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { notFound } from '../../../lib/errors.js';
import { LocalDiskStorage, type MediaStorage } from '../../../platform/storage/storage.js';
import { requireViewer } from '../../../plugins/access.js';
import { type MediaFileCache, readMediaFile, type SegmentCounter, sendMediaFile } from './send-file.js';
import type { StartMedia, StreamingService, StreamReply } from './service.js';

const tags = ['streaming'];
const PLAYLIST = 'application/vnd.apple.mpegurl';
const movieParams = z.object({ movie_id: z.coerce.number().int().positive() });
const episodeParams = movieParams.extend({ episode_id: z.coerce.number().int().positive() });
const fileParams = z.object({ token: z.string().max(160), file: z.string().max(40) });

/** A cast receiver's page is of another origin and reads our answers with CORS (never with credentials). */
function allowCast(reply: FastifyReply, result: StreamReply): FastifyReply {
  if (result.cast)
    reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
  return reply;
}

export function streamingRoutes(
  app: AppInstance,
  streaming: StreamingService,
  storage: MediaStorage,
  delivery: { accelPrefix: string | undefined; memory: MediaFileCache; segments: SegmentCounter },
): void {
  // Public: trailers play for everyone; the service answers 401 for a feature when signed out, and 409
  // stream_limit without a live playback session (`?playback=`).
  app.get('/api/stream/:movie_id/master.m3u8', {
    config: { access: 'public' },
    schema: { tags, params: movieParams, querystring: streamQuerySchema },
    handler: async (request, reply) => {
      const { asset, playback, lang } = request.query;
      const body = await streaming.master(
        request.viewer,
        request.params.movie_id,
        undefined,
        asset,
        playback,
        lang,
      );
      return reply.header('content-type', PLAYLIST).header('cache-control', 'private, no-store').send(body);
    },
  });

  app.get('/api/stream/:movie_id/episodes/:episode_id/master.m3u8', {
    config: { access: 'public' },
    schema: { tags, params: episodeParams, querystring: episodeStreamQuerySchema },
    handler: async (request, reply) => {
      const { movie_id, episode_id } = request.params;
      const { playback, lang } = request.query;
      const body = await streaming.master(request.viewer, movie_id, episode_id, 'video', playback, lang);
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
      const { asset, playback, lang } = request.query;
      const start = await streaming.start(
        request.viewer,
        request.params.movie_id,
        undefined,
        asset,
        playback,
        lang,
      );
      return reply.header('cache-control', 'private, no-store').send(start);
    },
  });

  app.get('/api/stream/:movie_id/episodes/:episode_id/start.json', {
    config: { access: 'public' },
    schema: {
      tags,
      params: episodeParams,
      querystring: episodeStreamQuerySchema,
      response: { 200: streamStartReplySchema },
    },
    handler: async (request, reply) => {
      const { movie_id, episode_id } = request.params;
      const { playback, lang } = request.query;
      const start = await streaming.start(request.viewer, movie_id, episode_id, 'video', playback, lang);
      return reply.header('cache-control', 'private, no-store').send(start);
    },
  });

  // The first media a player needs, asked for alongside start.json: the lowest rendition's init segment and the
  // segment holding `at`, as one fragmented MP4. From local storage only: a bucket's bytes never pass through
  // Node, and the player then asks for the two signed addresses instead.
  const sendStartMedia = async (reply: FastifyReply, media: StartMedia) => {
    if (!(storage instanceof LocalDiskStorage)) throw notFound('Start media is served from the bucket');
    const read = (key: string) => readMediaFile(storage.pathFor(key), delivery.memory);
    const { audio } = media;
    const [[init, segment], sound] = await Promise.all([
      Promise.all([read(media.initKey), read(media.segmentKey)]),
      audio ? Promise.all([read(audio.initKey), read(audio.segmentKey)]) : undefined,
    ]);
    delivery.segments.served(
      'app',
      init.length + segment.length + (sound ? sound[0].length + sound[1].length : 0),
    );
    reply
      .header('content-type', 'video/mp4')
      .header('cache-control', 'private, no-store')
      .header(START_MEDIA_INIT_LENGTH, String(init.length))
      .header(START_MEDIA_SEGMENT, media.segment);
    if (!audio || !sound) return reply.send(Buffer.concat([init, segment]));
    const [audioInit, audioSegment] = sound;
    return reply
      .header(START_MEDIA_SEGMENT_LENGTH, String(segment.length))
      .header(START_MEDIA_AUDIO, audio.rendition)
      .header(START_MEDIA_AUDIO_INIT_LENGTH, String(audioInit.length))
      .header(START_MEDIA_AUDIO_SEGMENT, audio.segment)
      .send(Buffer.concat([init, segment, audioInit, audioSegment]));
  };

  app.get('/api/stream/:movie_id/start.mp4', {
    config: { access: 'public' },
    schema: { tags, params: movieParams, querystring: streamStartMediaQuerySchema },
    handler: async (request, reply) => {
      const { asset, playback, at, lang } = request.query;
      const media = await streaming.startMedia(
        request.viewer,
        request.params.movie_id,
        undefined,
        asset,
        playback,
        at,
        lang,
      );
      return sendStartMedia(reply, media);
    },
  });

  app.get('/api/stream/:movie_id/episodes/:episode_id/start.mp4', {
    config: { access: 'public' },
    schema: { tags, params: episodeParams, querystring: episodeStartMediaQuerySchema },
    handler: async (request, reply) => {
      const { movie_id, episode_id } = request.params;
      const { playback, at, lang } = request.query;
      const media = await streaming.startMedia(
        request.viewer,
        movie_id,
        episode_id,
        'video',
        playback,
        at,
        lang,
      );
      return sendStartMedia(reply, media);
    },
  });

  // The audio language a viewer chose in the player: the title's master lists its track as the default next time.
  app.post('/api/playback/audio', {
    config: { access: 'viewer' },
    schema: { tags, body: audioChoiceBodySchema },
    handler: async (request, reply) => {
      await streaming.chooseAudio(requireViewer(request), request.body.movie_id, request.body.language);
      return reply.status(204).send();
    },
  });

  // A master playlist address for a cast receiver, which has none of the viewer's cookies.
  app.post('/api/playback/:id/cast', {
    config: { access: 'viewer' },
    schema: {
      tags,
      params: playbackIdParamsSchema,
      body: castAddressBodySchema,
      response: { 200: castAddressReplySchema },
    },
    handler: (request) =>
      streaming.castAddress(
        requireViewer(request),
        request.params.id,
        request.body.movie_id,
        request.body.episode_id,
      ),
  });

  // The signed addresses: variant playlists, init segments, media segments and subtitles (and a cast's master).
  app.get('/api/stream/s/:token/:file', {
    config: { access: 'public' },
    schema: { tags, params: fileParams, hide: true },
    handler: async (request, reply) => {
      const result = await streaming.file(request.viewer, request.params.token, request.params.file);
      allowCast(reply, result);
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
        delivery.segments.served('bucket', 0);
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
