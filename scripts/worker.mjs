// `npm run worker`: build the server if it is out of date, then run a transcode worker alone
// (apps/server/src/worker.ts; at scale, set WORKER_IN_PROCESS=false on the API instances).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

buildIfNeeded({ web: false });
const worker = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/worker.js')],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
