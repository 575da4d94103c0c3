import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3101);
// One temporary folder per run, shared by start-server.mjs (the server's data and web build live there) and
// the tests that reach the server's database directly (the workers inherit this environment).
process.env.E2E_WORK_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'salomtv-e2e-'));
const baseURL = `http://127.0.0.1:${port}`;
const CATALOGUE_SPECS = [
  'accessibility',
  'admin-movies',
  'browse-quality',
  'first-impression',
  'home',
  'landing',
  'mobile',
  'polish',
  'signed-out-play',
  'viewer',
].map((name) => `**/${name}.spec.ts`);

/**
 * End-to-end tests in Debian's Chromium against the real server: `e2e/start-server.mjs` builds the server and
 * the web app, then serves both on a fresh temporary database. Never `npx playwright install`.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  // Two spec files at a time: a browser test mostly waits (one worker kept 2 cores about a third busy), and every
  // spec makes its own viewers and titles on the shared server.
  workers: 2,
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
  projects: [
    // The specs that publish featured titles or read the home's hero and first rows: one at a time, so none sees
    // another's featured title arrive (the other project's specs run beside them).
    { name: 'catalogue', testMatch: CATALOGUE_SPECS, workers: 1 },
    { name: 'chromium', testIgnore: CATALOGUE_SPECS },
  ],
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
