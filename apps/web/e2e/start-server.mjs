// Builds the server and the web app, then serves both on a fresh temporary database for the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfNeeded } from '../../../scripts/build-if-needed.mjs';
import { bundleServer, SERVER_BUNDLE_RUNNER } from '../../../scripts/server-bundle.mjs';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-node-flags.mjs';
import { startClickDouble } from './click-double.mjs';
import { startPaymeDouble } from './payme-double.mjs';
import { CLICK_E2E, PAYME_E2E } from './payment-doubles.mjs';

const webDir = path.resolve(import.meta.dirname, '..');
const rootDir = path.resolve(webDir, '../..');
const port = process.env.E2E_PORT ?? '3101';
const workDir = process.env.E2E_WORK_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-e2e-'));
fs.mkdirSync(workDir, { recursive: true });
const dataDir = path.join(workDir, 'data');
const webDist = path.join(workDir, 'web');

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return result.status === 0;
}

if (
  !run(
    process.execPath,
    [path.join(rootDir, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contract', 'apps/server'],
    rootDir,
  )
) {
  // Type errors elsewhere in the tree must not hide what the browser sees; a missing build must.
  if (!fs.existsSync(path.join(rootDir, 'apps/server/dist/main.js'))) process.exit(1);
  console.warn('[e2e] tsc -b reported errors; testing the server build that was emitted');
}
// The web app's build, made only when its sources are newer (`npm test` has made it just before), copied into the
// run's own folder.
buildWebIfNeeded();
fs.cpSync(path.join(webDir, 'dist'), webDist, { recursive: true });

// Click and Payme, played by their test doubles on ports of their own, call this server as the providers would.
const merchantUrl = `http://127.0.0.1:${port}`;
const click = await startClickDouble({ ...CLICK_E2E.double, port: Number(port) + 1000, merchantUrl });
const payme = await startPaymeDouble({ ...PAYME_E2E.double, port: Number(port) + 1100, merchantUrl });

// The server as `npm start` runs it: the bundle, through its runner.
const bundle = await bundleServer();
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE_RUNNER, bundle], {
  cwd: rootDir,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    ADMIN_PHONE: '+998900000001',
    ADMIN_PASSWORD: 'admin-pass-123',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SMS_DEV_OUTBOX: 'true',
    EMAIL_DEV_OUTBOX: 'true',
    // Every browser test signs its viewers up from 127.0.0.1: the per-address limits on code requests and on
    // wrong codes would refuse the run's later sign-ups. The per-number and per-code limits (what signup.spec.ts
    // checks) stay as shipped; the per-address limits are tested in the server suite.
    OTP_SENDS_PER_ADDRESS_PER_HOUR: '10000',
    OTP_WRONG_CODES_PER_ADDRESS_PER_HOUR: '10000',
    // The same for web-vitals reports: every page of the run reports from this one address.
    VITALS_PER_ADDRESS_PER_MINUTE: '100000',
    // The demo card first, so a checkout that names no provider goes through it as on a fresh install.
    PAYMENT_PROVIDERS: 'demo,click,payme',
    ...CLICK_E2E.settings(click.url),
    ...PAYME_E2E.settings(payme.url),
    // Renewals due are charged within seconds, so a browser test sees one.
    BILLING_TIMER_SECONDS: '2',
  },
});

const cleanUp = () => fs.rmSync(workDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill('SIGTERM'));
}
server.on('exit', async (code) => {
  await Promise.all([click.close(), payme.close()]);
  cleanUp();
  process.exit(code ?? 0);
});
