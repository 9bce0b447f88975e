// Delivery and the installed app: precompressed files, the manifest and service worker, offline, a new build's
// prompt, and that no API answer ever comes from the service worker's cache.
import { readFileSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { devAccount } from '@agc/contracts';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { LOGIN } from '../support/sign-up.ts';
import { webTexts } from '../support/texts.ts';

const env = readEnv();
const en = webTexts('en');

// The other specs block the service worker (playwright.config.ts); these are about it.
test.use({ baseURL: env.baseURL, serviceWorkers: 'allow' });

let rootCode: string;
test.beforeAll(async () => {
  rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
});

/** A new member signed up through the API, its session put where the app keeps it, then home opened. */
async function openHomeAsNewMember(page: Page) {
  const account = privateKeyToAccount(generatePrivateKey());
  const { token, me } = await apiSession(env.baseURL, account, { code: rootCode, side: 'left' });
  await page.goto(LOGIN);
  await page.evaluate(
    ([t, a]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('address', a);
    },
    [token, account.address.toLowerCase()] as const,
  );
  await page.goto('/');
  await expect(page.getByTestId('home-address')).toBeVisible();
  return { account, me };
}

/** Waits until the service worker is active and controls the page (a reload puts the page under it). */
async function underServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
}

/** Every URL in the service worker's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

/** The answer's bytes as sent (no decoding) and its headers. */
function raw(path: string, encoding: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${env.baseURL}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (d: Buffer) => parts.push(d));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(parts) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await page.reload();
}

test('files are sent precompressed when the browser accepts it, plain otherwise; large API answers too', async () => {
  const page = await (await fetch(`${env.baseURL}/`, { headers: { 'accept-encoding': 'identity' } })).text();
  const script = page.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1];
  expect(script).toMatch(/^\/assets\/index-.+\.js$/);
  const preload = [...page.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
  expect(preload.length).toBeGreaterThanOrEqual(3); // react, vendor, shell: fetched at once with the entry

  for (const path of ['/', preload[1] as string]) {
    const plain = await raw(path, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary?.toLowerCase()).toContain('accept-encoding');
    const br = await raw(path, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary?.toLowerCase()).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await raw(path, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  }
  const doc = await raw('/api/v1/openapi.json', 'br, gzip');
  expect(doc.headers['content-encoding']).toBe('br');
  expect(JSON.parse(brotliDecompressSync(doc.body).toString()).openapi).toMatch(/^3\.1/);
  const small = await raw('/api/v1/prices', 'br, gzip');
  expect(small.body.length).toBeLessThan(1024);
  expect(small.headers['content-encoding']).toBeUndefined();
});

test('the manifest is installable and the service worker controls the page, caching no API answer', async ({
  page,
}) => {
  await page.goto(LOGIN);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'AGCFund Portfolio',
    start_url: '/',
    display: 'standalone',
    theme_color: '#3e3e3e',
  });
  for (const size of [192, 512])
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find(
        (i: { sizes: string; purpose: string }) => i.sizes === `${size}x${size}` && i.purpose === purpose,
      );
      expect(icon, `${purpose} ${size}`).toBeTruthy();
      const png = await page.request.get(icon.src);
      expect(png.headers()['content-type']).toBe('image/png');
      const bytes = await png.body();
      // The PNG header's width and height.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
    }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#3e3e3e');

  await underServiceWorker(page);
  const urls = await cachedUrls(page);
  expect(urls).toContain('/index.html');
  expect(urls.filter((u) => u.startsWith('/assets/')).length).toBeGreaterThan(50);
  expect(urls.filter((u) => u.startsWith('/api'))).toEqual([]);
});

test('offline, a reload opens the app with the last known figures, marked as such', async ({
  page,
  context,
}) => {
  const { me } = await openHomeAsNewMember(page);
  await underServiceWorker(page);
  await expect(page.getByTestId('home-address')).toBeVisible();
  // The figures are kept a moment after they arrive.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('queryCache') !== null)).toBe(true);

  await goOffline(context, page);
  await expect(page.getByTestId('offline-banner')).toContainText(en.pwa.offline);
  await expect(page.getByTestId('home-last-known')).toHaveAttribute('data-state', 'offline');
  await expect(page.getByTestId('home-last-known')).toContainText(en.pwa.lastKnown.split('{{')[0] as string);
  await expect(page.getByTestId('home-investment_sum')).toBeVisible();
  expect(await page.locator('[data-route-name]').first().getAttribute('data-route-name')).toBe('home');
  expect(me.address).toBeTruthy();

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await expect(page.getByTestId('home-last-known')).toHaveCount(0);
});

test('a new build offers "Reload" and reloads only when asked', async ({ page }) => {
  await page.goto(LOGIN);
  await underServiceWorker(page);
  const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);

  // A deploy: the server now sends another service worker script (the same with one more line, as a new build's
  // differs by its precache list). Written into the build the server serves, and put back afterwards.
  const sw = join(
    process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../apps/web/dist', import.meta.url)),
    'sw.js',
  );
  const built = readFileSync(sw, 'utf8');
  try {
    writeFileSync(sw, `${built}\n// next build\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText(en.pwa.updateAvailable);
    await expect(prompt.getByTestId('update-reload')).toHaveText(en.pwa.reload);
    // Nothing reloads by itself: the page (and whatever the member is doing on it) stays.
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 42;
    });
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);

    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
    await expect(page.getByTestId('login-connect')).toBeVisible();
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
  } finally {
    writeFileSync(sw, built);
  }
});

test('after signing out, offline: no member data comes back from any cache', async ({ page, context }) => {
  await openHomeAsNewMember(page);
  await underServiceWorker(page);
  await expect(page.getByTestId('home-investment_sum')).toBeVisible();
  await page.goto('/pages/my/index');
  await page.getByTestId('menu-logout').click();
  await page.waitForURL((u) => u.pathname === LOGIN);
  expect(await page.evaluate(() => localStorage.getItem('queryCache'))).toBeNull();

  await goOffline(context, page);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  expect(await page.locator('[data-route-name]').first().getAttribute('data-route-name')).toBe('login');
  await page.goto('/');
  await page.waitForURL((u) => u.pathname === LOGIN);
  await expect(page.getByTestId('home-summary')).toHaveCount(0);
  // The API is never answered from the service worker: offline, a request fails instead of being replayed.
  const me = await page.evaluate(() =>
    fetch('/api/v1/me').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(me).toBe('failed');
  expect((await cachedUrls(page)).filter((u) => u.startsWith('/api'))).toEqual([]);
});
