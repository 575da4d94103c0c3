// `npm run dev`: the API (rebuilt on start) on port 3000 and Vite with hot reload on 5173, proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

buildIfNeeded({ web: false });
const children = [
  spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'apps/server/dist/main.js')], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    stdio: 'inherit',
    cwd: path.join(root, 'apps/web'),
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
