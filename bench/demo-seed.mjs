// `node bench/demo-seed.mjs`: the demo catalogue's first start alone (bench/lib/demo-seed.mjs), on the server
// built as `npm start` runs it. Prints the row and the raw figures.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer, SERVER_BUNDLE_RUNNER } from '../scripts/server-bundle.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-node-flags.mjs';
import { demoSeedRow, measureDemoSeed } from './lib/demo-seed.mjs';
import { serverDist } from './lib/tools.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(benchDir, '..');
const work = path.join(benchDir, 'work');
fs.mkdirSync(work, { recursive: true });
if (!process.env.BENCH_SERVER_DIST) {
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract', 'apps/server'],
    { cwd: root, stdio: 'inherit' },
  );
}
const serverArgs = [...SERVER_NODE_FLAGS, SERVER_BUNDLE_RUNNER, await bundleServer(serverDist(root))];
const result = await measureDemoSeed({ root, serverArgs, work });
console.log(JSON.stringify(result, null, 2));
const row = demoSeedRow(result);
console.log(`${row.name}: ${row.ours} (${row.goal}: ${row.met ? 'met' : 'missed'})`);
