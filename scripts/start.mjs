// `npm start`: build what is out of date, then run the API and the web app from one process.
import { spawn } from 'node:child_process';
import { buildIfNeeded } from './build-if-needed.mjs';
import { bundleServer, SERVER_BUNDLE_RUNNER } from './server-bundle.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

buildIfNeeded();
const bundle = await bundleServer();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE_RUNNER, bundle], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
