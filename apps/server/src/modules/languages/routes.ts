import {
  languageExportSchema,
  languageFieldsSchema,
  languageGetBodySchema,
  languageGetReplySchema,
  languageListReplySchema,
  languageSummarySchema,
  languageUpdateFieldsSchema,
  MAX_FLAG_BYTES,
} from '@salomtv/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { formRoutes, readSmallForm } from '../../lib/multipart-form.js';
import { sendCachedReply } from '../../plugins/cached-reply.js';
import type { LanguageService } from './service.js';

const langIdParams = z.object({ lang_id: z.coerce.number().int().positive() });
const tags = ['languages'];

export function languageRoutes(app: AppInstance, languages: LanguageService): void {
  app.get('/api/language/select', {
    config: { access: 'public', cache: 'shared' },
    schema: {
      tags,
      querystring: z.strictObject({ search: z.string().max(60).optional() }),
      response: { 200: languageListReplySchema },
    },
    handler: (request) => languages.list(request.query.search),
  });

  app.post('/api/language/get', {
    // A read that the spec's client sends as POST: it changes nothing, so no CSRF token is needed.
    config: { access: 'public', csrf: false, cache: 'shared' },
    // The service keeps one answer object per record: serialised, checked against the schema and compressed once.
    schema: { tags, body: languageGetBodySchema, response: { 200: languageGetReplySchema } },
    handler: async (request, reply) => {
      return sendCachedReply(request, reply, await languages.recordReply(request.body.keyword));
    },
  });

  formRoutes(app, (forms) => {
    forms.post('/api/language', {
      config: { access: 'admin' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 201: languageSummarySchema } },
      handler: async (request, reply) => {
        const form = await readSmallForm(request, {
          fields: languageFieldsSchema,
          files: { flag: MAX_FLAG_BYTES },
        });
        return reply.status(201).send(await languages.create(form.fields, form.files.flag, request.viewer));
      },
    });

    forms.post('/api/language/update', {
      config: { access: 'admin' },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: languageSummarySchema } },
      handler: async (request) => {
        const form = await readSmallForm(request, {
          fields: languageUpdateFieldsSchema,
          files: { flag: MAX_FLAG_BYTES },
        });
        const { lang_id, ...fields } = form.fields;
        return languages.update(lang_id, fields, form.files.flag, request.viewer);
      },
    });
  });

  app.get('/api/language/:lang_id', {
    config: { access: 'admin' },
    schema: { tags, params: langIdParams },
    handler: (request) => languages.detail(request.params.lang_id),
  });

  app.delete('/api/language/:lang_id', {
    config: { access: 'admin' },
    schema: { tags, params: langIdParams },
    handler: async (request, reply) => {
      await languages.delete(request.params.lang_id, request.viewer);
      return reply.status(204).send();
    },
  });

  app.get('/api/language/:lang_id/export', {
    config: { access: 'admin' },
    schema: { tags, params: langIdParams, response: { 200: languageExportSchema } },
    handler: async (request, reply) => {
      const file = await languages.export(request.params.lang_id);
      reply.header('content-disposition', `attachment; filename="language-${file.keyword}.json"`);
      return file;
    },
  });

  app.post('/api/language/:lang_id/import', {
    config: { access: 'admin' },
    schema: {
      tags,
      params: langIdParams,
      body: languageExportSchema,
      response: { 200: languageSummarySchema },
    },
    handler: (request) => languages.import(request.params.lang_id, request.body, request.viewer),
  });
}
