// `node bench/lighthouse-side-by-side.mjs <before URL> <after URL> <rounds> <path>...`: Lighthouse (its mobile
// defaults, as the bench's rows) on each path of two running builds in turn, a round of both at a time, so a
// shared machine's drift hits both alike; prints each round and the medians of performance, FCP, LCP and TBT.
// Signed-out pages only. Two builds of the web app on one server's data: start the server twice, the second with
// `WEB_DIST` pointing at the other build's `apps/web/dist`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withLighthouse } from './lib/lighthouse.mjs';
import { median } from './lib/tools.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [before, after, roundsText, ...paths] = process.argv.slice(2);
const rounds = Number(roundsText);
if (!before || !after || !Number.isInteger(rounds) || rounds < 1 || paths.length === 0) {
  console.error('usage: node bench/lighthouse-side-by-side.mjs <before URL> <after URL> <rounds> <path>...');
  process.exit(2);
}

const summary = (runs) =>
  `P ${median(runs.map((r) => r.scores.performance))} FCP ${Math.round(median(runs.map((r) => r.fcp)))} ms ` +
  `LCP ${Math.round(median(runs.map((r) => r.lcp)))} ms TBT ${Math.round(median(runs.map((r) => r.tbt)))} ms ` +
  `(rounds ${runs.map((r) => r.scores.performance).join(', ')})`;

await withLighthouse(root, async (run) => {
  for (const page of paths) {
    // A first load of each warms its server's caches.
    await run(`${before}${page}`);
    await run(`${after}${page}`);
    const runs = { before: [], after: [] };
    for (let round = 0; round < rounds; round++) {
      runs.before.push(await run(`${before}${page}`));
      runs.after.push(await run(`${after}${page}`));
    }
    console.log(`${page}\n  before: ${summary(runs.before)}\n  after:  ${summary(runs.after)}`);
  }
});
