import { defineConfig } from 'vite';

// Built by the Maven build into the module's classes: the page is served on the playground path,
// its assets, with content-hashed names, below it.
export default defineConfig({
  base: './',
  esbuild: { jsx: 'automatic' },
  worker: { format: 'es' },
  build: {
    outDir: '../../../target/classes/dev/svc/graphql/playground/page',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 4096,
    rollupOptions: {
      // React libraries mark their modules "use client", which means nothing to a page without a server renderer
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') {
          warn(warning);
        }
      }
    }
  }
});
