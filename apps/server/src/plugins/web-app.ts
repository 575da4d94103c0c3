import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const contentTypes: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/**
 * Serves the built single-page app: hashed chunks under /static/ cached for a year, index.html never cached,
 * and index.html for every other page address so deep links load the app.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built: only the API is served (run npm run build)');
    return false;
  }
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'static'),
    prefix: '/static/',
    decorateReply: false,
    wildcard: true,
    index: false,
    immutable: true,
    maxAge: '365d',
    cacheControl: true,
    // The build writes .br and .gz beside each chunk (apps/web/vite.config.ts): sent when the browser accepts them.
    preCompressed: true,
  });
  // Top-level files of the build (icons, robots.txt), each served as it is.
  for (const entry of fs.readdirSync(distDir, { withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'index.html') continue;
    const content = fs.readFileSync(path.join(distDir, entry.name));
    const type = contentTypes[path.extname(entry.name)] ?? 'application/octet-stream';
    app.get(`/${entry.name}`, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type(type).send(content),
    );
  }
  app.decorate('sendIndexHtml', (reply: import('fastify').FastifyReply) =>
    reply
      .header('cache-control', 'no-cache, no-store, must-revalidate')
      .type('text/html; charset=utf-8')
      .send(indexHtml),
  );
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    sendIndexHtml?: (reply: FastifyReply) => FastifyReply;
  }
}
