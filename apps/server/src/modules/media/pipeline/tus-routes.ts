import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { audioUploadFieldsSchema, uploadFieldsSchema, uploadKindSchema } from '@salomtv/contract';
import { FileStore } from '@tus/file-store';
import { type DataStore, Server } from '@tus/server';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types.js';
import { DAY_MS } from '../../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../../lib/errors.js';
import { badFileName, isAcceptableFileName } from '../../../lib/multipart-form.js';
import { issuesToFields } from '../../../lib/validation.js';
import type { AuditActor } from '../../../platform/audit/service.js';
import type { S3MediaStorage } from '../../../platform/storage/s3-storage.js';
import type { MediaStorage } from '../../../platform/storage/storage.js';
import { hijackWithHeaders } from '../../../plugins/security-headers.js';
import type { AudioTrackService } from '../audio/audio-tracks.js';
import type { MovieMediaService } from './media-service.js';

const TUS_PATH = '/api/uploads';
/**
 * Upload ids are ours: 16 random bytes in hex. The id in an address becomes a file name under tmp/tus (or a key in
 * the bucket), and tus itself refuses only slashes and NUL in it, so an address with anything else is refused
 * before tus sees it: `..` and its encodings never reach the store.
 */
const newUploadId = () => randomBytes(16).toString('hex');
const UPLOAD_ID = /^[0-9a-f]{32}$/;

export interface TusSettings {
  tmpDir: string;
  maxVideoBytes: number;
  /** With object storage, uploads go straight to its bucket (so any API instance can take the next chunk). */
  storage?: MediaStorage;
}

/** Where unfinished uploads live: DATA_DIR/tmp/tus, or the bucket under `tus/`; `fetch` brings one local. */
interface UploadStore {
  datastore: DataStore;
  fetch(id: string): Promise<string>;
  remove(id: string): Promise<void>;
}

async function uploadStore(settings: TusSettings): Promise<UploadStore> {
  const directory = path.join(settings.tmpDir, 'tus');
  await fs.mkdir(directory, { recursive: true });
  if (settings.storage?.kind === 's3') {
    // Loaded only for a bucket: the AWS SDK is large, and a local install never needs it.
    const storage = settings.storage as S3MediaStorage;
    const [{ S3Store }, { s3ClientConfig }] = await Promise.all([
      import('@tus/s3-store'),
      import('../../../platform/storage/s3-storage.js'),
    ]);
    const datastore = new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds: DAY_MS,
      // Object tags mark unfinished parts for a bucket lifecycle rule; not every S3-compatible server has them.
      useTags: false,
      s3ClientConfig: { ...s3ClientConfig(storage.settings), bucket: storage.settings.bucket },
    });
    return {
      datastore,
      // The finished upload comes down once for the content check and ffprobe, then goes up as the source.
      fetch: async (id) => {
        const file = path.join(directory, id);
        await storage.download(id, file);
        return file;
      },
      remove: async (id) => {
        await fs.rm(path.join(directory, id), { force: true });
        await datastore.remove(id).catch(() => {});
      },
    };
  }
  return {
    datastore: new FileStore({ directory, expirationPeriodInMilliseconds: DAY_MS }),
    fetch: async (id) => path.join(directory, id),
    remove: async (id) => {
      await fs.rm(path.join(directory, id), { force: true });
      await fs.rm(path.join(directory, `${id}.json`), { force: true });
    },
  };
}

/**
 * A refusal in tus's hook format, carrying our usual JSON error body. tus answers it without passing through our
 * error handler, so a fault (anything but a refusal) is logged here: the answer says only that it failed.
 */
function tusError(error: unknown, log: FastifyBaseLogger): { status_code: number; body: string } {
  if (error instanceof AppError) {
    const body = {
      error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
    };
    return { status_code: error.statusCode, body: JSON.stringify(body) };
  }
  log.error({ err: error }, 'resumable upload failed');
  return {
    status_code: 500,
    body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong on our side' } }),
  };
}

const metadataSchema = z.discriminatedUnion('kind', [
  uploadFieldsSchema.extend({ kind: uploadKindSchema }),
  uploadFieldsSchema.extend({ kind: z.literal('audio'), ...audioUploadFieldsSchema.shape }),
]);

function readMetadata(metadata: Record<string, string | null> | undefined) {
  const fields = metadataSchema.safeParse({
    movie_id: metadata?.movie_id ?? undefined,
    episode_id: metadata?.episode_id || undefined,
    kind: metadata?.kind ?? undefined,
    ...(metadata?.kind === 'audio'
      ? { language: metadata.language ?? undefined, label: metadata.label || undefined }
      : {}),
  });
  if (!fields.success)
    throw badRequest('The upload metadata is not valid', issuesToFields(fields.error.issues));
  const filename = metadata?.filename ?? metadata?.name ?? undefined;
  if (!isAcceptableFileName(filename)) throw badFileName('filename');
  return { ...fields.data, filename };
}

/**
 * Resumable video, trailer and audio track uploads (tus 1.0) at /api/uploads/ for admins, with the CSRF header on
 * every request. Metadata: movie_id, kind (video|trailer|audio), filename, episode_id, and for audio language and
 * label. A finished upload goes through the same checks as `/api/movie/add` (`/api/movie/audio`) and is attached;
 * a refused one is deleted.
 */
export async function tusRoutes(
  app: AppInstance,
  media: MovieMediaService,
  audio: AudioTrackService,
  settings: TusSettings,
): Promise<Server> {
  const { datastore, fetch, remove } = await uploadStore(settings);
  // The admin whose request is being handled: tus calls our hooks inside it, and the audit log needs them.
  const uploader = new AsyncLocalStorage<AuditActor>();
  const tus = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: settings.maxVideoBytes,
    relativeLocation: true,
    namingFunction: newUploadId,
    onUploadCreate: async (_req, upload) => {
      try {
        const meta = readMetadata(upload.metadata);
        if (meta.kind === 'audio') await audio.videoFor(meta.movie_id, meta.episode_id);
        else await media.target(meta.movie_id, meta.episode_id, meta.kind);
        return {};
      } catch (error) {
        throw tusError(error, app.log);
      }
    },
    onUploadFinish: async (_req, upload) => {
      try {
        const meta = readMetadata(upload.metadata);
        const file = { path: await fetch(upload.id), size: upload.offset, originalName: meta.filename };
        if (meta.kind === 'audio') {
          const fields = { language: meta.language, label: meta.label };
          await audio.attachFile(meta.movie_id, meta.episode_id, fields, file, uploader.getStore());
        } else {
          await media.attachVideo(meta.movie_id, meta.episode_id, meta.kind, file, uploader.getStore());
        }
        return {};
      } catch (error) {
        throw tusError(error, app.log);
      } finally {
        await remove(upload.id);
      }
    },
  });

  await app.register(async (scope) => {
    // Leave the body stream untouched for tus to read.
    scope.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handle = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
      // Empty: the creation address itself (`/api/uploads/`, as the web app's tus client calls it).
      const id = request.params['*'];
      if (id && !UPLOAD_ID.test(id)) throw notFound('No such upload');
      hijackWithHeaders(reply);
      await uploader.run(request.viewer, () => tus.handle(request.raw, reply.raw));
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
