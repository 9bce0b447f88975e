/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * antd-mobile's default imperative renderer is rc-util's legacy `ReactDOM.render`, which React 19 does not
 * have; lib/ui.ts installs a createRoot renderer at start-up (`installAntdRender`) before any Toast or
 * Modal, so the default is never called. It would still ship in the start-up JavaScript (rc-util's render
 * and Babel's regenerator runtime, ~10 KB raw): this module stands in for it and fails loudly if ever
 * reached.
 */
function noLegacyAntdRender(): Plugin {
  const id = '\0no-legacy-antd-render';
  return {
    name: 'no-legacy-antd-render',
    enforce: 'pre',
    resolveId: (source) => (source === 'rc-util/lib/React/render' ? id : null),
    load: (loaded) =>
      loaded === id
        ? `const fail = () => { throw new Error('antd-mobile rendered before installAntdRender (lib/ui.ts)'); };
export const render = fail;
export const unmount = fail;`
        : null,
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    noLegacyAntdRender(),
    // Brotli (quality 11) and gzip (level 9) copies of every text file, index.html included, written once at
    // build time; apps/server sends the one the browser accepts (@fastify/static `preCompressed`).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|css|json|svg|webmanifest)$/,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    // antd-mobile's @react-spring declares React <= 18 as a peer; the root package.json overrides it so
    // the tree holds one React 19. Dedupe keeps it that way should a nested copy ever appear.
    dedupe: ['react', 'react-dom'],
    // Zod without its `new Function` probe, which the Content-Security-Policy reports (see src/lib/zod.ts).
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) }],
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // bench/run.ts reads it to measure what the login route loads.
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
