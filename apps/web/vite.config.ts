import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is served as static files by the API server in production; in development Vite proxies
// `/api` and the shared assets the server serves (`/demo-creatives`, from assets/ at the root) to the
// server started with `npm start` (PORT 3000 by default, or API_PROXY_TARGET).
const toServer = { target: process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: { '/api': toServer, '/demo-creatives': toServer },
  },
  preview: {
    proxy: { '/api': toServer, '/demo-creatives': toServer },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // A lazy chunk's preload list leaves out the Tabler icon chunks (a few hundred bytes each, loaded
    // with the chunk that imports them): every file a list names is written into the entry chunk that
    // every page loads first, and the list page's first-load JavaScript has a 200 KB budget.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => !/\/Icon[A-Z]\w*-/.test(dep)) },
    rolldownOptions: {
      // Building a zod schema has no side effect: a module of `@portal/contracts` whose constants a
      // page uses no longer brings zod and the module's unused schemas along (docs/performance.md).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Floating UI (popovers, menus, selects) in a chunk of its own: left to the default
        // splitting, it shared a chunk with helpers the list's table needs, and came with them.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/ }],
        },
      },
    },
  },
});
