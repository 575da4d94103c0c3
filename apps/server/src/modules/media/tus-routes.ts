import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadFieldsSchema, uploadKindSchema } from '@salomtv/contract';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-types.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { issuesToFields } from '../../lib/validation.js';
import type { MovieMediaService } from '../movies/media-service.js';

const TUS_PATH = '/api/uploads';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface TusSettings {
  tmpDir: string;
  maxVideoBytes: number;
}

/** A refusal in tus's hook format, carrying our usual JSON error body. */
function tusError(error: unknown): { status_code: number; body: string } {
  if (error instanceof AppError) {
    const body = {
      error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    };
    return { status_code: error.statusCode, body: JSON.stringify(body) };
  }
  return {
    status_code: 500,
    body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side' } }),
  };
}

function readMetadata(metadata: Record<string, string | null> | undefined) {
  const fields = uploadFieldsSchema.extend({ kind: uploadKindSchema }).safeParse({
    movie_id: metadata?.movie_id ?? undefined,
    episode_id: metadata?.episode_id || undefined,
    kind: metadata?.kind ?? undefined,
  });
  if (!fields.success)
    throw badRequest('The upload metadata is not valid', issuesToFields(fields.error.issues));
  return { ...fields.data, filename: metadata?.filename ?? metadata?.name ?? undefined };
}

/**
 * Resumable video and trailer uploads (tus 1.0) at /api/uploads/ for admins, with the CSRF header on every
 * request. Metadata: movie_id, kind (video|trailer), filename, episode_id. A finished upload goes through the
 * same checks as `/api/movie/add` and is attached; a refused one is deleted.
 */
export async function tusRoutes(
  app: AppInstance,
  media: MovieMediaService,
  settings: TusSettings,
): Promise<Server> {
  const directory = path.join(settings.tmpDir, 'tus');
  await fs.mkdir(directory, { recursive: true });
  const datastore = new FileStore({ directory, expirationPeriodInMilliseconds: DAY_MS });
  const remove = async (id: string) => {
    await fs.rm(path.join(directory, id), { force: true });
    await fs.rm(path.join(directory, `${id}.json`), { force: true });
  };
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: settings.maxVideoBytes,
    relativeLocation: true,
    onUploadCreate: async (_req, upload) => {
      try {
        const meta = readMetadata(upload.metadata);
        await media.target(meta.movie_id, meta.episode_id, meta.kind);
        return {};
      } catch (error) {
        throw tusError(error);
      }
    },
    onUploadFinish: async (_req, upload) => {
      try {
        const meta = readMetadata(upload.metadata);
        await media.attachVideo(meta.movie_id, meta.episode_id, meta.kind, {
          path: path.join(directory, upload.id),
          size: upload.offset,
          originalName: meta.filename,
        });
        return {};
      } catch (error) {
        throw tusError(error);
      } finally {
        await remove(upload.id);
      }
    },
  });

  await app.register(async (scope) => {
    // Leave the body stream untouched for tus to read.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    for (const url of [TUS_PATH, `${TUS_PATH}/*`]) {
      scope.route({
        method: ['POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS'],
        url,
        config: { access: 'admin', csrf: true },
        schema: { hide: true },
        handler: handle,
      });
    }
  });

  const cleanup = setInterval(
    () => {
      tus.cleanUpExpiredUploads().catch(() => {});
    },
    60 * 60 * 1000,
  );
  cleanup.unref();
  app.addHook('onClose', async () => clearInterval(cleanup));
  return tus;
}
