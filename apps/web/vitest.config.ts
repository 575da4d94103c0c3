import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    // Component tests (*.test.tsx) say `@vitest-environment happy-dom` in their first comment.
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'pwa/**/*.test.ts'],
    environment: 'node',
  },
});
