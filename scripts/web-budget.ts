// The JavaScript each route of the built web app makes a browser download, read from Vite's manifest
// (apps/web/dist/.vite/manifest.json) and the brotli copies the build writes beside each file: the bytes a phone
// receives. Deterministic (the build is), so `npm test` holds every route to a budget (web-budget.test.ts), and
// bench/run.ts prints the same figures. Timings never come in here.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBudget {
  /** The route's name in paths.ts (or a name of its own). */
  route: string;
  /** The lazy modules the route loads before it paints (its page), as the manifest keys them. */
  modules: string[];
  /** The most JavaScript it may download, in bytes as sent (brotli). */
  maxBytes: number;
  /** The most JavaScript files it may download. */
  maxFiles: number;
}

const KIB = 1024;
const page = (path: string) => `src/app/pages/${path}`;

/**
 * What each route loads, in English: the entry with its static imports (the app shell: React, the router,
 * the login page), the active language's texts, and the route's page with its static imports. A page that
 * grows past its budget fails `npm test`; raise a budget only with the reason in the commit.
 */
export const ROUTE_BUDGETS: RouteBudget[] = [
  { route: 'login', modules: [], maxBytes: 170 * KIB, maxFiles: 12 },
  { route: 'home', modules: [page('home/HomePage.tsx')], maxBytes: 180 * KIB, maxFiles: 20 },
  { route: 'account', modules: [page('my/MyPage.tsx')], maxBytes: 180 * KIB, maxFiles: 20 },
  // 201: the English texts of the admins' proof-of-liabilities page (0.4 KiB in the one language file every route
  // loads) took it 0.4 KiB over 200.
  { route: 'shop', modules: [page('shop/ShopPage.tsx')], maxBytes: 201 * KIB, maxFiles: 24 },
  // 202: the English texts of the Assets view, the transaction review and the wallet links (the one language file
  // every route loads) took it 0.3 KiB over 200; the page's pull-to-refresh brings react-spring (21 KiB).
  { route: 'fundProducts', modules: [page('found/FoundHomePage.tsx')], maxBytes: 202 * KIB, maxFiles: 28 },
  // The wallet itself: viem's keys, signing and RPC are what the page is for. 278: the new screens' English texts
  // (see fundProducts) took it 0.8 KiB over 276; the transaction review itself loads with the first transaction.
  {
    route: 'localWallet',
    modules: [page('local-wallet/LocalWalletPage.tsx')],
    maxBytes: 278 * KIB,
    maxFiles: 26,
  },
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

/** The JavaScript files a route downloads: the entry's and the given modules' static imports, and the locale. */
export function routeSize(
  manifest: Manifest,
  dist: string,
  route: string,
  modules: string[],
  locale = 'en',
): RouteSize {
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
  const texts = Object.keys(manifest).find((k) => k.endsWith(`/locales/web/${locale}.json`));
  if (!texts) throw new Error(`no ${locale} locale chunk in the web manifest`);
  visit(texts);
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
    const size = routeSize(manifest, dist, budget.route, budget.modules);
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
