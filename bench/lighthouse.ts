/**
 * `npm run lighthouse`: Lighthouse 12 (mobile: simulated slow 4G, a mid-range phone's CPU) on the pages a member
 * reaches first — login signed out; home, shop, funds and the local wallet signed in — LH_RUNS runs each (default
 * 3), every run a cold first visit (a fresh browser profile: no HTTP cache, no service worker, no kept figures; the
 * session alone is put in localStorage). Prints the median performance score, LCP, TBT, CLS, bytes and JavaScript
 * bytes per page, for this build and, in the same run, for the build before it (LH_BASE_REF, default the commit
 * before compression and budgets landed), built in a git worktree of its own (LH_BASE_DIR, reused when built).
 * Then a repeat visit of home with this build's service worker. Timings are printed, never asserted.
 *
 *   npm run build && npm run lighthouse
 *   LH_PAGES=login,home LH_RUNS=1 LH_SKIP_BASE=1 npm run lighthouse   (a quick look)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { devAccount } from '@agc/contracts';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { apiSession } from '../e2e/support/api.ts';
import { startServer, stopServer } from '../e2e/support/server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LH_RUNS ?? 3);
const BASE_REF = process.env.LH_BASE_REF ?? 'ad9e634';
const BASE_DIR = process.env.LH_BASE_DIR ?? join(tmpdir(), `agc-lighthouse-base-${BASE_REF}`);

interface PageSpec {
  name: string;
  path: string;
  signedIn: boolean;
}
const PAGES: PageSpec[] = [
  { name: 'login', path: '/pages/login/index', signedIn: false },
  { name: 'home', path: '/', signedIn: true },
  { name: 'shop', path: '/pages/shop/index', signedIn: true },
  { name: 'funds', path: '/pages/found/home', signedIn: true },
  { name: 'localWallet', path: '/pages/localWallet/index', signedIn: true },
].filter((p) => !process.env.LH_PAGES || process.env.LH_PAGES.split(',').includes(p.name));

interface Figures {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  scriptBytes: number;
  scripts: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

type Session = { token: string; address: string } | null;

/**
 * Puts the session where the app keeps it, from a page of the origin that loads none of the app (/health: JSON), so
 * the HTTP cache, the service worker and the kept figures stay empty.
 */
async function signIn(page: Page, origin: string, session: Session) {
  if (!session) return;
  await page.goto(`${origin}/health`);
  await page.evaluate(
    (token, address) => {
      localStorage.setItem('token', token);
      localStorage.setItem('address', address);
    },
    session.token,
    session.address,
  );
}

async function withBrowser<T>(run: (browser: Browser) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'agc-lh-profile-'));
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    userDataDir: profile,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    return await run(browser);
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function audit(page: Page, url: string): Promise<Figures> {
  const result = await lighthouse(
    url,
    { onlyCategories: ['performance'], disableStorageReset: true, output: 'json', logLevel: 'error' },
    undefined,
    page,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const summary =
    (lhr.audits['resource-summary']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
  const script = summary.find((i) => i.resourceType === 'script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    bytes: lhr.audits['total-byte-weight']?.numericValue ?? Number.NaN,
    scriptBytes: Number(script?.transferSize ?? Number.NaN),
    scripts: Number(script?.requestCount ?? Number.NaN),
  };
}

/** One run, again (at most twice more, each in a fresh browser) when Lighthouse itself fails to record it. */
async function attempt(run: () => Promise<Figures>): Promise<Figures> {
  for (let tries = 1; ; tries++)
    try {
      return await run();
    } catch (e) {
      if (tries >= 3) throw e;
      console.log(`  (Lighthouse failed, run again: ${(e as Error).message.split('\n')[0]})`);
    }
}

/** LH_RUNS runs of `visit`, each in a fresh browser (a fresh profile), retried as `attempt` says. */
async function runs(visit: (page: Page) => Promise<Figures>): Promise<Figures[]> {
  const out: Figures[] = [];
  for (let i = 0; i < RUNS; i++)
    out.push(await attempt(() => withBrowser(async (browser) => visit(await browser.newPage()))));
  return out;
}

/** LH_RUNS cold first visits of one page. */
function coldRuns(origin: string, spec: PageSpec, session: Session): Promise<Figures[]> {
  return runs(async (page) => {
    await signIn(page, origin, spec.signedIn ? session : null);
    return audit(page, `${origin}${spec.path}`);
  });
}

/** A second visit of home: the first one installed the service worker and kept the figures; Lighthouse loads again. */
function repeatRuns(origin: string, session: Session): Promise<Figures[]> {
  return runs(async (page) => {
    await signIn(page, origin, session);
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
    await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' }); // now under the worker, figures kept
    return audit(page, `${origin}/`);
  });
}

const kb = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
function line(name: string, runs: Figures[]) {
  const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
  return `${name.padEnd(22)} score ${String(m('score')).padStart(3)}   LCP ${(m('lcp') / 1000).toFixed(2).padStart(5)} s   TBT ${String(Math.round(m('tbt'))).padStart(4)} ms   CLS ${m('cls').toFixed(3)}   bytes ${kb(m('bytes')).padStart(8)}   JS ${kb(m('scriptBytes')).padStart(8)} in ${m('scripts')} files   (scores ${runs.map((r) => r.score).join(', ')})`;
}

/** The build before this change, in a worktree of its own with its own install (so its packages are its own). */
function buildBase(): { serverJs: string; webDist: string } {
  const serverJs = join(BASE_DIR, 'apps/server/dist/server.js');
  const webDist = join(BASE_DIR, 'apps/web/dist');
  if (existsSync(serverJs) && existsSync(join(webDist, 'index.html'))) return { serverJs, webDist };
  console.log(`building ${BASE_REF} in ${BASE_DIR} (once)…`);
  if (!existsSync(BASE_DIR))
    execFileSync('git', ['worktree', 'add', '--detach', BASE_DIR, BASE_REF], { cwd: root });
  const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: BASE_DIR, stdio: 'inherit' });
  run('npm', ['ci', '--no-audit', '--no-fund']);
  run('npm', ['run', 'build']);
  return { serverJs, webDist };
}

async function measure(
  label: string,
  serverJs: string | undefined,
  webDist: string | undefined,
  repeat: boolean,
) {
  const env = await startServerWith(serverJs, webDist);
  try {
    const account = devAccount(1);
    const { token } = await apiSession(env.baseURL, account);
    const session = { token, address: account.address.toLowerCase() };
    console.log(`\n${label} (${env.baseURL}), ${RUNS} runs each, medians:`);
    for (const spec of PAGES) console.log(line(spec.name, await coldRuns(env.baseURL, spec, session)));
    if (repeat) console.log(line('home, repeat visit', await repeatRuns(env.baseURL, session)));
  } finally {
    await stopServer(env);
  }
}

async function startServerWith(serverJs?: string, webDist?: string) {
  const saved = { js: process.env.E2E_SERVER_JS, web: process.env.E2E_WEB_DIST };
  if (serverJs) process.env.E2E_SERVER_JS = serverJs;
  if (webDist) process.env.E2E_WEB_DIST = webDist;
  try {
    return await startServer();
  } finally {
    process.env.E2E_SERVER_JS = saved.js;
    process.env.E2E_WEB_DIST = saved.web;
    if (saved.js === undefined) delete process.env.E2E_SERVER_JS;
    if (saved.web === undefined) delete process.env.E2E_WEB_DIST;
  }
}

async function main() {
  console.log(`Lighthouse mobile (simulated slow 4G), ${CHROME}`);
  if (!process.env.LH_SKIP_BASE) {
    const base = buildBase();
    await measure(`before (${BASE_REF})`, base.serverJs, base.webDist, false);
  }
  await measure('this build', undefined, undefined, true);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
