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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores: more workers only queue up behind argon2 and ffmpeg.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
