import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['src/**/*.test.ts'],
    // The scale-out suite needs PostgreSQL: vitest.scale.config.ts, run by scripts/test.mjs with it.
    exclude: ['src/scale/**', '**/node_modules/**'],
    // The fault tests start the server as `npm start` does: from its bundle.
    globalSetup: ['src/test/server-bundle-setup.ts'],
    pool: 'forks',
    // A fork keeps the modules it has imported from one file to the next: importing the server's graph again per
    // file cost more than the tests did. The tests share no module state (no mocks; each builds its own app).
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue up behind argon2 and ffmpeg.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
