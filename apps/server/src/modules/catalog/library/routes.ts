import {
  catalogLanguageQuerySchema,
  continueWatchingReplySchema,
  libraryListReplySchema,
  libraryStateReplySchema,
  libraryTitleBodySchema,
  progressBodySchema,
  progressReplySchema,
  ratingBodySchema,
  ratingReplySchema,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { requireViewer } from '../../../plugins/access.js';
import type { ListTable } from './repo.js';
import type { LibraryService } from './service.js';

const tags = ['library'];
const movieParams = z.strictObject({ movie_id: z.coerce.number().int().positive() });

/** The viewer's library: watch list, favourites, playback progress and ratings (HTTP only). */
export function libraryRoutes(app: AppInstance, library: LibraryService): void {
  const listRoutes = (path: string, table: ListTable) => {
    app.get(path, {
      config: { access: 'viewer' },
      schema: { tags, querystring: catalogLanguageQuerySchema, response: { 200: libraryListReplySchema } },
      handler: (request) => library.list(table, requireViewer(request), request.query.lang),
    });
    app.post(path, {
      config: { access: 'viewer' },
      schema: { tags, body: libraryTitleBodySchema },
      handler: async (request, reply) => {
        await library.add(table, requireViewer(request), request.body.movie_id);
        return reply.status(204).send();
      },
    });
    app.delete(`${path}/:movie_id`, {
      config: { access: 'viewer' },
      schema: { tags, params: movieParams },
      handler: async (request, reply) => {
        await library.remove(table, requireViewer(request), request.params.movie_id);
        return reply.status(204).send();
      },
    });
  };
  listRoutes('/api/watchlist', 'watchlist');
  listRoutes('/api/favourites', 'favourites');

  app.get('/api/library/state', {
    config: { access: 'viewer' },
    schema: { tags, response: { 200: libraryStateReplySchema } },
    handler: (request) => library.state(requireViewer(request)),
  });

  app.post('/api/progress', {
    config: { access: 'viewer' },
    schema: { tags, body: progressBodySchema },
    handler: async (request, reply) => {
      await library.saveProgress(requireViewer(request), request.body);
      return reply.status(204).send();
    },
  });

  app.get('/api/progress/:movie_id', {
    config: { access: 'viewer' },
    // A title never watched has no position: 204, so a visit that opens it logs no failed request.
    schema: { tags, params: movieParams, response: { 200: progressReplySchema, 204: z.null() } },
    handler: async (request, reply) =>
      (await library.progress(requireViewer(request), request.params.movie_id)) ??
      reply.status(204).send(null),
  });

  app.get('/api/continue-watching', {
    config: { access: 'viewer' },
    schema: { tags, querystring: catalogLanguageQuerySchema, response: { 200: continueWatchingReplySchema } },
    handler: (request) => library.continueWatching(requireViewer(request), request.query.lang),
  });

  app.post('/api/ratings', {
    config: { access: 'viewer' },
    schema: { tags, body: ratingBodySchema, response: { 200: ratingReplySchema } },
    handler: (request) => library.rate(requireViewer(request), request.body),
  });

  app.get('/api/ratings/:movie_id', {
    // Public: anyone sees a title's average; `mine` is filled in only for a signed-in viewer.
    config: { access: 'public' },
    schema: { tags, params: movieParams, response: { 200: ratingReplySchema } },
    handler: (request) => library.rating(request.viewer, request.params.movie_id),
  });
}
