import {
  catalogLanguageQuerySchema,
  catalogListQuerySchema,
  catalogListReplySchema,
  catalogRowsQuerySchema,
  catalogRowsReplySchema,
  catalogSearchQuerySchema,
  catalogSearchReplySchema,
  similarTitlesReplySchema,
  titleDetailsSchema,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { queryFlag } from '../../../lib/query-flag.js';
import type { SessionUser } from '../../../platform/viewer-session.js';
import { sendCachedReply } from '../../../plugins/cached-reply.js';
import type { CatalogService } from './service.js';

const tags = ['catalog'];
const movieParams = z.object({ movie_id: z.coerce.number().int().positive() });
/** The signed-in viewer (their session), or null: the cards say which titles are locked for them. */
const asker = (request: { viewer?: SessionUser | undefined }) => request.viewer ?? null;

/** The viewer catalogue: public, so the landing page can show titles to signed-out visitors. */
export function catalogRoutes(app: AppInstance, catalog: CatalogService): void {
  app.get('/api/catalog/rows', {
    config: { access: 'public' },
    // The service keeps one answer object per catalogue version and set of locks: serialised, checked against the
    // schema and compressed once per object.
    schema: { tags, querystring: catalogRowsQuerySchema, response: { 200: catalogRowsReplySchema } },
    handler: async (request, reply) => {
      const { kind, kids, lang } = request.query;
      const answer = await catalog.rows(
        { kind, kids: queryFlag(kids), lang },
        asker(request),
        request.arrival,
      );
      return sendCachedReply(request, reply, answer);
    },
  });

  app.get('/api/catalog/search', {
    config: { access: 'public' },
    schema: { tags, querystring: catalogSearchQuerySchema, response: { 200: catalogSearchReplySchema } },
    handler: (request) => catalog.search(request.query, asker(request)),
  });

  app.get('/api/catalog/list', {
    config: { access: 'public' },
    schema: { tags, querystring: catalogListQuerySchema, response: { 200: catalogListReplySchema } },
    handler: (request) => {
      const q = request.query;
      return catalog.list(
        {
          kind: q.kind,
          genre: q.genre,
          collection: q.collection,
          kids: queryFlag(q.kids),
          featured: queryFlag(q.featured),
          upcoming: queryFlag(q.upcoming),
          order: q.order,
          page: q.page,
          pageSize: q.pageSize,
          lang: q.lang,
        },
        asker(request),
      );
    },
  });

  app.get('/api/catalog/titles/:movie_id', {
    config: { access: 'public' },
    schema: {
      tags,
      params: movieParams,
      querystring: catalogLanguageQuerySchema,
      response: { 200: titleDetailsSchema },
    },
    handler: (request) => catalog.details(request.params.movie_id, asker(request), request.query.lang),
  });

  app.get('/api/catalog/titles/:movie_id/similar', {
    config: { access: 'public' },
    schema: {
      tags,
      params: movieParams,
      querystring: catalogLanguageQuerySchema,
      response: { 200: similarTitlesReplySchema },
    },
    handler: (request) => catalog.similar(request.params.movie_id, asker(request), request.query.lang),
  });
}
