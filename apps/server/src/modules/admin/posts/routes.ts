import {
  MAX_POST_COVER_BYTES,
  postAdminQuerySchema,
  postFieldsSchema,
  postLanguageQuerySchema,
  postListReplySchema,
  postPublicQuerySchema,
  postPublishBodySchema,
  postSchema,
  postTranslationBodySchema,
  postTranslationDeleteBodySchema,
  postTranslationsReplySchema,
  postUpdateSchema,
} from '@salomtv/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { badRequest } from '../../../lib/errors.js';
import { formRoutes, NO_TEXT_FIELDS, readSmallForm } from '../../../lib/multipart-form.js';
import { parseOrThrow } from '../../../lib/validation.js';
import { requireViewer } from '../../../plugins/access.js';
import type { PostService } from './service.js';

const params = z.object({ post_id: z.coerce.number().int().positive() });
const tags = ['posts'];

/** A post form arrives as JSON, or as multipart with an optional `cover` image. */
async function readPostForm<T extends z.ZodObject>(request: FastifyRequest, schema: T) {
  if (request.isMultipart()) {
    const form = await readSmallForm(request, { fields: schema, files: { cover: MAX_POST_COVER_BYTES } });
    return { fields: form.fields, cover: form.files.cover };
  }
  return { fields: parseOrThrow(schema, request.body ?? {}), cover: undefined };
}

export function postRoutes(app: AppInstance, posts: PostService): void {
  // Public: the landing page's what's-new section and the news page.
  app.get('/api/posts', {
    config: { access: 'public', cache: 'shared' },
    schema: { tags, querystring: postPublicQuerySchema, response: { 200: postListReplySchema } },
    handler: (request) => posts.listPublic(request.query.page, request.query.pageSize, request.query.lang),
  });

  app.get('/api/posts/:post_id', {
    config: { access: 'public', cache: 'shared' },
    schema: { tags, params, querystring: postLanguageQuerySchema, response: { 200: postSchema } },
    handler: (request) => posts.getPublic(request.params.post_id, request.query.lang),
  });

  // Admin.
  app.get('/api/posts/admin', {
    config: { access: 'admin' },
    schema: { tags, querystring: postAdminQuerySchema, response: { 200: postListReplySchema } },
    handler: (request) => posts.listAdmin(request.query),
  });

  app.get('/api/posts/admin/:post_id', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: postSchema } },
    handler: (request) => posts.getAdmin(request.params.post_id),
  });

  app.get('/api/posts/admin/:post_id/translations', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: postTranslationsReplySchema } },
    handler: (request) => posts.translations(request.params.post_id),
  });

  app.post('/api/posts/:post_id/translation', {
    config: { access: 'admin' },
    schema: { tags, params, body: postTranslationBodySchema, response: { 200: postTranslationsReplySchema } },
    handler: (request) => posts.saveTranslation(requireViewer(request), request.params.post_id, request.body),
  });

  app.post('/api/posts/:post_id/translation/delete', {
    config: { access: 'admin' },
    schema: {
      tags,
      params,
      body: postTranslationDeleteBodySchema,
      response: { 200: postTranslationsReplySchema },
    },
    handler: (request) =>
      posts.removeTranslation(requireViewer(request), request.params.post_id, request.body.language),
  });

  formRoutes(app, (forms) => {
    forms.post('/api/posts', {
      config: { access: 'admin' },
      schema: { tags, consumes: ['application/json', 'multipart/form-data'], response: { 201: postSchema } },
      handler: async (request, reply) => {
        const { fields, cover } = await readPostForm(request, postFieldsSchema);
        return reply.status(201).send(await posts.create(requireViewer(request), fields, cover));
      },
    });

    forms.post('/api/posts/:post_id', {
      config: { access: 'admin' },
      schema: {
        tags,
        params,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 200: postSchema },
      },
      handler: async (request) => {
        const { fields, cover } = await readPostForm(request, postUpdateSchema);
        return posts.update(requireViewer(request), request.params.post_id, fields, cover);
      },
    });

    forms.post('/api/posts/:post_id/cover', {
      config: { access: 'admin' },
      schema: { tags, params, consumes: ['multipart/form-data'], response: { 200: postSchema } },
      handler: async (request) => {
        const form = await readSmallForm(request, {
          fields: NO_TEXT_FIELDS,
          files: { cover: MAX_POST_COVER_BYTES },
        });
        if (!form.files.cover) throw badRequest('Choose an image', { cover: 'Choose an image' });
        return posts.setCover(requireViewer(request), request.params.post_id, form.files.cover);
      },
    });
  });

  app.delete('/api/posts/:post_id/cover', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: postSchema } },
    handler: (request) => posts.removeCover(requireViewer(request), request.params.post_id),
  });

  app.post('/api/posts/:post_id/publish', {
    config: { access: 'admin' },
    schema: { tags, params, body: postPublishBodySchema, response: { 200: postSchema } },
    handler: (request) =>
      posts.publish(requireViewer(request), request.params.post_id, request.body?.publish_at),
  });

  app.post('/api/posts/:post_id/unpublish', {
    config: { access: 'admin' },
    schema: { tags, params, response: { 200: postSchema } },
    handler: (request) => posts.unpublish(requireViewer(request), request.params.post_id),
  });

  app.delete('/api/posts/:post_id', {
    config: { access: 'admin' },
    schema: { tags, params },
    handler: async (request, reply) => {
      await posts.delete(requireViewer(request), request.params.post_id);
      return reply.status(204).send();
    },
  });
}
