// `npm run backup` / `npm run restore`: build the server if it is out of date, then run its command-line tool
// (apps/server/src/cli/<name>.ts) with the arguments given after `--`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, root } from './build-if-needed.mjs';

const [name, ...args] = process.argv.slice(2);
buildIfNeeded({ web: false });
const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/cli', `${name}.js`), ...args], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
