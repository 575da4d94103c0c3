import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3101);
// One temporary folder per run, shared by start-server.mjs (the server's data and web build live there) and
// the tests that reach the server's database directly (the workers inherit this environment).
process.env.E2E_WORK_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests in Debian's Chromium against the real server: `e2e/start-server.mjs` builds the server and
 * the web app, then serves both on a fresh temporary database. Never `npx playwright install`.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    trace: 'retain-on-failure',
    // The app's service worker would take the page's requests out of page.route()'s reach; the specs that are
    // about it (installable-app.spec.ts) allow it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${baseURL}/api/health`,
    env: { E2E_PORT: String(port), E2E_WORK_DIR: process.env.E2E_WORK_DIR },
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM lets start-server.mjs stop the server and delete its temporary data and build.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
