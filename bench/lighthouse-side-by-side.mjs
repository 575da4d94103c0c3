// `node bench/lighthouse-side-by-side.mjs <before URL> <after URL> <rounds> <path>...`: Lighthouse (its mobile
// defaults, as the bench's rows) on each path of two running builds in turn, a round of both at a time, so a
// shared machine's drift hits both alike; prints each round and the medians of performance, FCP, LCP and TBT.
// With `SIGN_IN=<phone>:<password>` (the bench's viewer: +998901234567:bench-viewer-pass), every page is loaded
// signed in as that viewer on both servers. Two builds of the web app on one server's data: start the server twice,
// the second with `WEB_DIST` pointing at the other build's `apps/web/dist`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpClient } from './lib/fixture.mjs';
import { withLighthouse } from './lib/lighthouse.mjs';
import { median } from './lib/tools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [before, after, roundsText, ...paths] = process.argv.slice(2);
const rounds = Number(roundsText);
if (!before || !after || !Number.isInteger(rounds) || rounds < 1 || paths.length === 0) {
  console.error('usage: node bench/lighthouse-side-by-side.mjs <before URL> <after URL> <rounds> <path>...');
  process.exit(2);
}

/** The session cookies of `SIGN_IN`'s viewer on one server, as the browser is given them; none when not set. */
async function cookiesFor(base) {
  if (!process.env.SIGN_IN) return undefined;
  const at = process.env.SIGN_IN.indexOf(':');
  if (at < 1) throw new Error('SIGN_IN must be <phone>:<password>');
  const client = new HttpClient(base);
  await client.signIn(process.env.SIGN_IN.slice(0, at), process.env.SIGN_IN.slice(at + 1));
  return Object.entries(client.cookies).map(([name, value]) => ({ name, value }));
}
const cookies = { [before]: await cookiesFor(before), [after]: await cookiesFor(after) };

const summary = (runs) =>
  `P ${median(runs.map((r) => r.scores.performance))} FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms ` +
  `LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms ` +
  `(rounds ${runs.map((r) => r.scores.performance).join(', ')}; TBT ${runs.map((r) => Math.round(r.tbt)).join(', ')} ms)`;

await withLighthouse(root, async (run) => {
  for (const page of paths) {
    // A first load of each warms its server's caches.
    await run(`${before}${page}`, cookies[before]);
    await run(`${after}${page}`, cookies[after]);
    const runs = { before: [], after: [] };
    for (let round = 0; round < rounds; round++) {
      runs.before.push(await run(`${before}${page}`, cookies[before]));
      runs.after.push(await run(`${after}${page}`, cookies[after]));
    }
    console.log(`${page}\n  before: ${summary(runs.before)}\n  after:  ${summary(runs.after)}`);
  }
});
