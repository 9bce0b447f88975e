// The JavaScript each route of the built web app makes a browser download, read from Vite's manifest
// (apps/web/dist/.vite/manifest.json) and the brotli copies the build writes beside each file: the bytes a phone
// receives. Deterministic (the build is), so `npm test` holds every route to a budget (web-budget.test.ts), and
// bench/run.ts prints the same figures. Timings never come in here.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAZY_PAGES, type LazyPage } from '../apps/web/src/app/page-table.ts';
import { SHELL_PART, type TextPart } from '../apps/web/src/lib/i18n/text-parts.ts';

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  /** The route's key in paths.ts: `login` (bundled with the app) or a page of the page table. */
  route: string;
  /** The most JavaScript it may download, in bytes as sent (brotli). */
  maxBytes: number;
  /** The most JavaScript files it may download. */
  maxFiles: number;
}

const KIB = 1024;

/**
 * What each route loads, in English: the entry with its static imports (the app shell: React, the router,
 * the login page), the shell's texts, and the route's page (apps/web/src/app/page-table.ts) with its static imports
 * and the parts of the texts it shows. A page that grows past its budget fails `npm test`; raise a budget only with
 * the reason in the commit.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  // React, the router, i18next and the app's shell with the login page: what a visitor's first paint needs. Zod,
  // TanStack Query and the other pages' loaders come right after it (src/app/lazy-shell.ts).
  { route: 'login', maxBytes: 119 * KIB, maxFiles: 8 },
  // Every page's files: its texts come as the shell's part and the page's own (two files where all the texts were
  // one), and zod and TanStack Query as the file of the app's second part with its one-line import (two files where
  // they were in the first paint's vendor file): home 21 files, account 20.
  { route: 'home', maxBytes: 170 * KIB, maxFiles: 21 },
  { route: 'account', maxBytes: 170 * KIB, maxFiles: 20 },
  // The page's pull-to-refresh brings react-spring (21 KiB). 28 files: see home; and the shop's texts part.
  { route: 'shop', maxBytes: 193 * KIB, maxFiles: 28 },
  // 31 files: as the shop, and the funds' texts part.
  { route: 'fundProducts', maxBytes: 197 * KIB, maxFiles: 31 },
  // The wallet itself: viem's keys, signing and RPC are what the page is for. 32 files: see home; and the wallet's
  // texts part and its errors (a file of their own since the login page no longer bundles them).
  { route: 'localWallet', maxBytes: 272 * KIB, maxFiles: 32 },
];

export interface RouteFile {
  file: string;
  /** Bytes as sent: the brotli copy's size, or the file's own when the build kept none (it would not be smaller). */
  bytes: number;
}

export interface RouteSize {
  route: string;
  files: RouteFile[];
  bytes: number;
}

export function readManifest(dist = WEB_DIST): Manifest {
  const path = join(dist, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the web app first (npm run build)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

const sentBytes = (dist: string, file: string) => {
  const br = join(dist, `${file}.br`);
  return statSync(existsSync(br) ? br : join(dist, file)).size;
};

/** The manifest's key of the module a route's page is (src/app/pages/…), and the parts of the texts it shows. */
export function routePage(route: string): { modules: string[]; texts: readonly TextPart[] } {
  if (route === 'login') return { modules: [], texts: [] };
  const page: LazyPage | undefined = LAZY_PAGES[route as keyof typeof LAZY_PAGES];
  if (!page) throw new Error(`${route} is not a page of apps/web/src/app/page-table.ts`);
  return { modules: [`src/app/pages/${page.page}`, ...BESIDE_EVERY_PAGE], texts: page.texts };
}

/** The manifest's key of a language's part of the texts (the shell's: the language's own module). */
const textsKey = (manifest: Manifest, locale: string, part: TextPart) => {
  const key =
    part === SHELL_PART
      ? `virtual:text-files/${locale}`
      : Object.keys(manifest).find((k) => k.endsWith(`/locales/web/${locale}.json?part=${part}`));
  if (!key || !manifest[key]) throw new Error(`no ${locale} ${part} texts in the web manifest`);
  return key;
};

/**
 * What the router loads beside every lazy page, before it paints (src/app/router.tsx): the app's second part, with the
 * pages' loaders, the query cache and the tab bar.
 */
const BESIDE_EVERY_PAGE = ['src/app/lazy-shell.ts'];

/**
 * The JavaScript files a route downloads: the entry's and its page's static imports, their texts, and what the router
 * loads beside every page.
 */
export function routeSize(manifest: Manifest, dist: string, route: string, locale = 'en'): RouteSize {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) visit(i);
  };
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('no entry in the web manifest');
  visit(entry);
  const { modules, texts } = routePage(route);
  for (const part of [SHELL_PART, ...texts]) visit(textsKey(manifest, locale, part));
  for (const m of modules) visit(m);
  const list = [...files]
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, bytes: sentBytes(dist, file) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { route, files: list, bytes: list.reduce((sum, f) => sum + f.bytes, 0) };
}

export interface BudgetResult extends RouteSize {
  budget: RouteBudget;
  /** What is over: empty when within budget. */
  over: string[];
}

export function checkBudgets(dist = WEB_DIST, budgets = ROUTE_BUDGETS): BudgetResult[] {
  const manifest = readManifest(dist);
  return budgets.map((budget) => {
    const size = routeSize(manifest, dist, budget.route);
    const over: string[] = [];
    if (size.bytes > budget.maxBytes)
      over.push(`${kib(size.bytes)} of JavaScript, budget ${kib(budget.maxBytes)}`);
    if (size.files.length > budget.maxFiles)
      over.push(`${size.files.length} JavaScript files, budget ${budget.maxFiles}`);
    return { ...size, budget, over };
  });
}

export const kib = (bytes: number) => `${(bytes / KIB).toFixed(1)} KiB`;

/** One line per route, and its files under it when asked. */
export function formatBudgets(results: BudgetResult[], withFiles = false): string {
  return results
    .map((r) => {
      const head = `${r.route.padEnd(14)} ${kib(r.bytes).padStart(10)} brotli in ${String(r.files.length).padStart(2)} files   budget ${kib(r.budget.maxBytes)} in ${r.budget.maxFiles}${r.over.length ? `   OVER: ${r.over.join('; ')}` : ''}`;
      return withFiles
        ? [head, ...r.files.map((f) => `    ${kib(f.bytes).padStart(10)}  ${f.file}`)].join('\n')
        : head;
    })
    .join('\n');
}
