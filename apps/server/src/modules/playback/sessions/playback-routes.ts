import {
  playbackActiveReplySchema,
  playbackIdParamsSchema,
  playbackReportBodySchema,
  playbackStartBodySchema,
  playbackStartReplySchema,
} from '@salomtv/contract';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { PlaybackAnswer, PlaybackService } from './playback-service.js';

const tags = ['playback'];

/** Over the plan's limit: 409 with the devices that are watching, so the player can offer to stop one. */
function answer(reply: FastifyReply, result: PlaybackAnswer) {
  return result.ok ? result.grant : reply.status(409).send(result.limit);
}

/** Playback sessions the player holds while it plays (simultaneous-stream limit). */
export function playbackRoutes(app: AppInstance, playback: PlaybackService): void {
  app.post('/api/playback/start', {
    config: { access: 'viewer' },
    schema: { tags, body: playbackStartBodySchema, response: { 200: playbackStartReplySchema } },
    handler: async (request, reply) =>
      answer(
        reply,
        await playback.start(
          requireViewer(request),
          request.body.movie_id,
          request.headers['user-agent'],
          request.body.device_label,
        ),
      ),
  });

  // The player's quality report since its last one rides along (optional: a heartbeat may come without).
  app.post('/api/playback/:id/heartbeat', {
    config: { access: 'viewer' },
    schema: {
      tags,
      params: playbackIdParamsSchema,
      body: playbackReportBodySchema,
      response: { 200: playbackStartReplySchema },
    },
    handler: async (request, reply) =>
      answer(
        reply,
        await playback.heartbeat(requireViewer(request), request.params.id, request.body?.quality),
      ),
  });

  app.post('/api/playback/:id/stop', {
    config: { access: 'viewer' },
    schema: { tags, params: playbackIdParamsSchema, body: playbackReportBodySchema },
    handler: async (request, reply) => {
      await playback.stop(requireViewer(request).user_id, request.params.id, request.body?.quality);
      return reply.status(204).send();
    },
  });

  app.get('/api/playback/active', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: playbackActiveReplySchema } },
    handler: (request) => playback.active(requireViewer(request).user_id),
  });
}
