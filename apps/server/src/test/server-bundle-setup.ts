import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');

/**
 * Vitest's global setup: the server bundle `npm start` runs (scripts/server-bundle.mjs), brought up to date once
 * before the test files that start the server as a process (test/faults). Without a `tsc` build there is
 * nothing to bundle; those tests then say so themselves.
 */
export default async function bundleServerOnce(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) return;
  const { bundleServer } = await import(pathToFileURL(path.join(root, 'scripts/server-bundle.mjs')).href);
  await bundleServer();
}
