// `node bench/side-by-side.mjs <bundle A> <bundle B> <row> [rounds]`: two builds of the server and the row's bare
// reference run at once on core 0; wrk on core 1 takes each in turn for 3 s a round, so drift on a shared machine
// hits all three alike. Prints the medians and B/A, to compare a change's build with the one before it.
// Rows: health (against node:http), health-headers (against node:http with our headers), language, catalogue
// (against bare Fastify; the catalogue as the bench's viewer). Needs the data of one `npm run bench`
// (bench/work/data). A bundle of another commit: check its `apps/server/src` and `packages/contract/src` out,
// `npx tsc -b packages/contract apps/server`, `node scripts/server-bundle.mjs`, and copy
// `apps/server/dist/main.bundle.cjs` to a name of its own in that folder (the bundle finds its packages from there).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE_RUNNER } from '../scripts/server-bundle.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import {
  BROWSER_ENCODINGS,
  benchServerEnv,
  HttpClient,
  VIEWER_PASSWORD,
  VIEWER_PHONE,
} from './lib/fixture.mjs';
import { writeFastifyHello, writeNodeHttpHello } from './lib/references.mjs';
import { freePort, median, startPinned, stop, waitForHttp, wrk } from './lib/tools.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const work = path.join(benchDir, 'work');
const [bundleA, bundleB, row, roundsText] = process.argv.slice(2);
const rows = {
  health: { path: '/api/health', reference: () => writeNodeHttpHello(work) },
  // The framework row's reference: node:http sending the headers of our health answer (written by `npm run bench`).
  'health-headers': { path: '/api/health', reference: () => path.join(work, 'node-http-headers.mjs') },
  language: { path: '/api/language/get', reference: fastify, script: path.join(work, 'post-language.lua') },
  catalogue: { path: '/api/catalog/rows?lang=En', reference: fastify, signedIn: true },
};
if (!bundleA || !bundleB || !rows[row]) {
  console.error(
    'usage: node bench/side-by-side.mjs <bundle A> <bundle B> health|health-headers|language|catalogue [rounds]',
  );
  process.exit(2);
}
const spec = rows[row];
const rounds = Number(roundsText ?? 6);

function fastify() {
  return writeFastifyHello(work, path.join(root, 'node_modules/fastify/fastify.js'));
}

async function start(args, readyPath) {
  const port = await freePort();
  const env = { ...process.env, ...benchServerEnv(work, path.join(work, 'web-dist')), PORT: String(port) };
  const child = startPinned(0, process.execPath, args, { env, cwd: root });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}${readyPath}`, 60_000);
  return { child, url };
}

/** The bench viewer's cookies (both builds share the data folder, so one session serves both). */
async function viewerCookie(url) {
  const viewer = new HttpClient(url);
  await viewer.signIn(VIEWER_PHONE, VIEWER_PASSWORD);
  return viewer.cookieHeader;
}

const servers = [];
try {
  for (const bundle of [bundleA, bundleB])
    servers.push(
      await start([...SERVER_NODE_FLAGS, SERVER_BUNDLE_RUNNER, path.resolve(bundle)], '/api/health'),
    );
  servers.push(await start([spec.reference()], '/'));
  const headers = {
    ...BROWSER_ENCODINGS,
    ...(spec.signedIn ? { cookie: await viewerCookie(servers[0].url) } : {}),
  };
  const targets = [
    { url: `${servers[0].url}${spec.path}`, options: { headers, script: spec.script } },
    { url: `${servers[1].url}${spec.path}`, options: { headers, script: spec.script } },
    { url: `${servers[2].url}/`, options: { headers: BROWSER_ENCODINGS, script: spec.script } },
  ];
  for (const target of targets) wrk(target.url, { ...target.options, seconds: 2 });
  const runs = targets.map(() => []);
  for (let round = 0; round < rounds; round++)
    targets.forEach((target, i) => {
      const result = wrk(target.url, { ...target.options, seconds: 3 });
      if (result.non2xx > 0) throw new Error(`${target.url}: ${result.non2xx} answers were not 2xx`);
      runs[i].push(result.rps);
    });
  const [a, b, reference] = runs.map(median);
  const ratio = (mine) => median(mine.map((rps, i) => rps / runs[2][i])).toFixed(3);
  console.log(
    `${row}: A ${a.toFixed(0)} req/s (${ratio(runs[0])}x the reference), B ${b.toFixed(0)} req/s ` +
      `(${ratio(runs[1])}x), reference ${reference.toFixed(0)} req/s; B/A ${(b / a).toFixed(3)}`,
  );
} finally {
  for (const server of servers) await stop(server.child);
}
