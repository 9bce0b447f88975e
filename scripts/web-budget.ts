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
  { route: 'login', maxBytes: 136 * KIB, maxFiles: 12 },
  { route: 'home', maxBytes: 171 * KIB, maxFiles: 20 },
  { route: 'account', maxBytes: 171 * KIB, maxFiles: 20 },
  // 26 files (was 24): zod is a file of its own (no longer in the first paint's vendor file) and the texts come as
  // the shell's part and the page's (was one file of every page's texts), 8.7 KiB fewer in all. The page's
  // pull-to-refresh brings react-spring (21 KiB).
  { route: 'shop', maxBytes: 194 * KIB, maxFiles: 26 },
  // 29 files: as the shop.
  { route: 'fundProducts', maxBytes: 197 * KIB, maxFiles: 29 },
  // The wallet itself: viem's keys, signing and RPC are what the page is for. 29 files: as the shop.
  { route: 'localWallet', maxBytes: 272 * KIB, maxFiles: 29 },
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
export function routePage(route: string): { module: string | null; texts: readonly TextPart[] } {
  if (route === 'login') return { module: null, texts: [] };
  const page: LazyPage | undefined = LAZY_PAGES[route as keyof typeof LAZY_PAGES];
  if (!page) throw new Error(`${route} is not a page of apps/web/src/app/page-table.ts`);
  return { module: `src/app/pages/${page.page}`, texts: page.texts };
}

/** The manifest's key of a language's part of the texts. */
const textsKey = (manifest: Manifest, locale: string, part: TextPart) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(`/locales/web/${locale}.json?part=${part}`));
  if (!key) throw new Error(`no ${locale} ${part} texts in the web manifest`);
  return key;
};

/** The JavaScript files a route downloads: the entry's and its page's static imports, and their texts. */
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
  const { module, texts } = routePage(route);
  for (const part of [SHELL_PART, ...texts]) visit(textsKey(manifest, locale, part));
  if (module) visit(module);
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
