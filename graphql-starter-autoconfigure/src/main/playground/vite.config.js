import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig } from 'vite';

// GraphiQL's style sheet carries its fonts inline, every subset of them, so every visitor would
// download Cyrillic, Greek and Vietnamese glyphs, and the editor's icon font a second time (Monaco's
// own style sheet links it as a file). Only the Latin subsets stay inline; other scripts fall back
// to the system's fonts.
function latinFontsOnly() {
  const fontFace = /@font-face\s*{[^}]*}/g;
  return {
    name: 'latin-fonts-only',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]graphiql[\\/]dist[\\/]style\.css$/.test(id)) {
        return null;
      }
      return { code: code.replace(fontFace, (rule) => (/U\+0000-00FF/.test(rule) ? rule : '')), map: null };
    }
  };
}

// Writes each script and style sheet compressed beside itself, Brotli at its best and gzip at its
// best, once at build time: the server sends these to browsers that accept them, so the playground
// downloads small whether or not the host compresses its responses.
function precompressed() {
  let assets;
  return {
    name: 'precompressed',
    apply: 'build',
    configResolved(config) {
      assets = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    // every file at once: zlib compresses on libuv's threads, so the build's cores share the work
    async closeBundle() {
      const files = (await readdir(assets)).filter((file) => /\.(js|css)$/.test(file));
      await Promise.all(files.map(async (name) => {
        const content = await readFile(join(assets, name));
        const [brotli, gzipped] = await Promise.all([
          promisify(brotliCompress)(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length
            }
          }),
          promisify(gzip)(content, { level: 9 })
        ]);
        await Promise.all([writeFile(join(assets, name + '.br'), brotli), writeFile(join(assets, name + '.gz'), gzipped)]);
      }));
    }
  };
}

// Built by the Maven build into the module's classes: the page is served on the playground path,
// its assets, with content-hashed names, below it.
export default defineConfig({
  base: './',
  plugins: [latinFontsOnly(), precompressed()],
  esbuild: { jsx: 'automatic' },
  worker: { format: 'es' },
  build: {
    outDir: '../../../target/classes/dev/svc/graphql/playground/page',
    emptyOutDir: true,
    assetsDir: 'assets',
    chunkSizeWarningLimit: 4096,
    // the sizes compressed are written beside each file; vite's report of them would compress it all again
    reportCompressedSize: false,
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
