// Reference servers measured beside ours in the same run.
import fs from 'node:fs';
import path from 'node:path';

/**
 * A bare node:http hello-world answering `{"status":"ok"}`; with `headers`, it sends those too (the framework row
 * gives it our health answer's headers, to tell Node's own cost of them from the framework's).
 */
export function writeNodeHttpHello(
  dir,
  headers = { 'content-type': 'application/json' },
  name = 'node-http-hello',
) {
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(
    file,
    `import http from 'node:http';
const headers = ${JSON.stringify(headers)};
http.createServer((req, res) => { res.writeHead(200, headers); res.end('{"status":"ok"}'); })
  .listen(Number(process.env.PORT), '127.0.0.1');
`,
  );
  return file;
}

export function writeFastifyHello(dir, fastifyEntry) {
  const file = path.join(dir, 'fastify-hello.mjs');
  fs.writeFileSync(
    file,
    `import Fastify from ${JSON.stringify(fastifyEntry)};
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
app.post('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`,
  );
  return file;
}
