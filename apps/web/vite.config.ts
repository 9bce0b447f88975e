/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { localeParts } from './locale-parts.ts';
import { ICONS, pwaIcons, THEME_COLOR } from './pwa-icons.ts';

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

/**
 * antd-mobile's ConfigProvider starts from Chinese (its zh-CN locale, ~1 KB, in the first paint's JavaScript); the app
 * sets the member's language's locale before the first paint (lib/i18n/antd-locale.ts), English until it has loaded.
 * English is the default here too: zh-CN loads like every other locale, when it is the language.
 */
function antdEnglishDefault(): Plugin {
  const provider = /antd-mobile[\\/]es[\\/]components[\\/]config-provider[\\/]config-provider\.js$/;
  return {
    name: 'antd-english-default',
    transform(code, id) {
      if (!provider.test(id)) return null;
      const english = code.replace("from '../../locales/zh-CN'", "from '../../locales/en-US'");
      if (english === code) throw new Error(`${id}: antd-mobile's default locale import has moved`);
      return { code: english, map: null };
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    noLegacyAntdRender(),
    antdEnglishDefault(),
    // Each language's texts in parts: the shell's with the app, a page's beside the page (src/lib/i18n/text-parts.ts).
    localeParts(),
    // Brotli (quality 11) and gzip (level 9) copies of every text file, index.html included, written once at
    // build time; apps/server sends the one the browser accepts (@fastify/static `preCompressed`).
    pwaIcons(),
    // The web app manifest and the service worker (Workbox). It precaches the app (index.html, every hashed file
    // and the icons) so a second visit loads no JavaScript from the network and a reload offline opens the app;
    // it caches no answer of /api (member data, sessions) and never serves index.html for an /api path.
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeManifestIcons: false,
      manifest: {
        name: 'AGCFund Portfolio',
        short_name: 'AGCFund',
        description: 'Invest, earn rewards and withdraw on Arbitrum One.',
        id: '/',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOR,
        background_color: '#f5f5f7',
        icons: ICONS.filter((i) => !i.file.includes('apple')).map((i) => ({
          src: `/${i.file}`,
          sizes: `${i.size}x${i.size}`,
          type: 'image/png',
          purpose: i.purpose,
        })),
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
        globIgnores: ['.vite/**', '**/*.br', '**/*.gz'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // Nothing at run time: what is not precached goes to the network, /api included.
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
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
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url)) },
      // '@web/…' is apps/web/src/… (tsconfig.base.json's paths): imports that leave their folder use it.
      { find: /^@web\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    ],
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
    // scripts/web-budget.ts (the per-route budget of `npm test`) and bench/run.ts read it.
    manifest: true,
    rolldownOptions: {
      output: {
        // A language's texts are named after it and their part (`ja-member-<hash>.js`; `ja-shell-` is the language's
        // own file, which loads the others), every other chunk after itself.
        chunkFileNames: (chunk) => {
          const id = chunk.facadeModuleId ?? '';
          const part = /[\\/]locales[\\/]web[\\/]([\w-]+)\.json\?part=([\w-]+)$/.exec(id);
          if (part) return `assets/${part[1]}-${part[2]}-[hash].js`;
          const language = /^\0virtual:text-files\/([\w-]+)$/.exec(id);
          return language ? `assets/${language[1]}-shell-[hash].js` : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            // React and the router: large, and they change only with an upgrade, so a release of the app's own
            // code leaves them in the browser's cache.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            // The other libraries the first paint needs (i18next, TanStack Query, zustand, zod, antd-mobile's core).
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            // What every lazy page needs and the first paint does not, in one file loaded right after it (the login
            // page's config request needs its first half): zod with the schema pieces every API module builds on,
            // TanStack Query with the app's query client, the request wrapper and the public config's query; the
            // pages' loaders and the tab bar (app/lazy-shell.ts, the one import that loads it).
            {
              name: 'common',
              test: /node_modules[\\/](zod|@tanstack)[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/](api[\\/](common|input|prices|config)|money)\.ts$|[\\/]src[\\/](app[\\/](query-client|query-persist|page-loaders|lazy-shell)|lib[\\/]request|features[\\/]config[\\/]api[\\/]get-config|components[\\/]TabBar)\.tsx?$/,
              priority: 5,
            },
            // The app's own modules of the first paint in one file instead of a dozen small shared chunks.
            // (The entry module stays in the entry chunk, which index.html and the manifest name.)
            {
              name: 'shell',
              test: (id) => !/index\.html$|[\\/]src[\\/]main\.tsx$/.test(id),
              tags: ['$initial'],
              priority: 10,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    // happy-dom: a file's DOM is set up in about a third of jsdom's time, and every file gets a fresh one
    // (docs/decisions/0128-happy-dom.md).
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    isolate: false,
    // As the root config's node projects (vitest.config.ts): every core. Projects run together only with the same.
    maxWorkers: availableParallelism(),
    // The local wallet's tests derive keys with PBKDF2 at 600 000 iterations (as members' phones do): several
    // seconds on a busy 2-core machine, past vitest's 5 s default.
    testTimeout: 20_000,
  },
});
