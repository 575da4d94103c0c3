import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from '../app-types.js';
import { type MediaStorage, PUBLIC_MEDIA_PREFIXES } from './storage/storage.js';

/**
 * The public media files: title art, flags, avatars and post covers from the media folder (every name but a flag's
 * carries a random part and changes with each upload, so they are cached long), or, with object storage, redirects
 * to the bucket.
 */
export async function registerPublicMedia(
  app: AppInstance,
  mediaDir: string,
  storage: MediaStorage,
): Promise<void> {
  const folders = [
    { folder: 'images', maxAge: '365d', immutable: true },
    { folder: 'flags', maxAge: '1d', immutable: false },
    { folder: 'avatars', maxAge: '7d', immutable: false },
    { folder: 'posts', maxAge: '7d', immutable: false },
  ];
  for (const { folder, maxAge, immutable } of folders) {
    const root = path.join(mediaDir, folder);
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/media/${folder}/`,
      decorateReply: false,
      index: false,
      maxAge,
      immutable,
    });
  }
  if (storage.kind === 's3') publicMediaRedirects(app, storage);
}

/** With object storage, public media (images, flags, avatars, covers) answer with a redirect to the bucket. */
function publicMediaRedirects(app: AppInstance, storage: MediaStorage): void {
  app.get('/api/media/*', {
    config: { access: 'public', cache: 'shared' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!PUBLIC_MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix)) || key.includes('..')) {
        return reply.status(404).send({ error: { code: 'not_found', message: 'No such file' } });
      }
      const url = await storage.signedUrl(key, 24 * 3600);
      // The redirect may be cached for an hour: the signed address lives a day.
      return reply.header('cache-control', 'public, max-age=3600').redirect(url!, 302);
    },
  });
}
