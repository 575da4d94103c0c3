import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const vendorGroups: [RegExp, string][] = [
  [/node_modules\/(react|react-dom|scheduler)\//, 'react'],
  [/node_modules\/react-router\//, 'router'],
  [/node_modules\/@tanstack\//, 'query'],
  [/node_modules\/zod\//, 'zod'],
];
const vendorChunk = (id: string) => vendorGroups.find(([pattern]) => pattern.test(id))?.[1];

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Build @salomtv/contract straight from its TypeScript sources (its package.json "source" export).
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'static',
    sourcemap: 'hidden',
    rollupOptions: {
      // Contract modules the app does not import from (only schemas) drop out of the bundle.
      treeshake: {
        preset: 'recommended',
        moduleSideEffects: (id) => !/packages\/contract|node_modules\/zod/.test(id),
      },
      output: {
        // Libraries change less often than the app: their own chunks stay cached across deployments.
        manualChunks: (id) => vendorChunk(id),
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: (asset) => {
          const name = asset.names[0] ?? '';
          return name.endsWith('.css')
            ? 'static/css/[name]-[hash][extname]'
            : 'static/media/[name]-[hash][extname]';
        },
      },
    },
  },
});
