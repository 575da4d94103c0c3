// Reference servers measured beside ours in the same run.
import fs from 'node:fs';
import path from 'node:path';

export function writeNodeHttpHello(dir) {
  const file = path.join(dir, 'node-http-hello.mjs');
  fs.writeFileSync(
    file,
    `import http from 'node:http';
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"status":"ok"}'); })
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
