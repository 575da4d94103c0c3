import { defineConfig } from 'vitest/config';

/**
 * The scale-out suite (src/scale/**): several real server and worker processes over PostgreSQL and an
 * S3-compatible server. It needs TEST_DATABASE_URL, so scripts/test.mjs runs it only on the PostgreSQL pass.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    include: ['src/scale/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // The files start processes of their own: one file at a time.
    fileParallelism: false,
  },
});
