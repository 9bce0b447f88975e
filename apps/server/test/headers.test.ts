import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '@server/app.ts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckedApp } from './contract.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let http: TestServer;
let https: TestServer;
let web: App;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'agc-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>AGCFund Portfolio</title>');
  writeFileSync(join(dist, 'assets', 'index-B2x9Qe1f.js'), 'console.log(1)');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *');
  http = await startTestServer();
  // One nonce a minute: the second request is a 429.
  https = await startTestServer({ PUBLIC_ORIGIN: 'https://app.example', RATE_LIMIT_NONCE_PER_MINUTE: '1' });
  web = await buildCheckedApp(
    {
      ...http.ctx,
      config: { ...http.ctx.config, webDist: dist },
      chain: { ...http.ctx.chain, publicRpcUrl: 'http://127.0.0.1:8545/rpc?key=x' },
    },
    { serveWeb: true },
  );
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await http.close();
  await https.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

function csp(res: LightMyRequestResponse): Record<string, string> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

/** The headers every answer carries, whatever it is. */
function expectSecurityHeaders(res: LightMyRequestResponse, rpcOrigin = 'http://127.0.0.1:1') {
  expect(csp(res)).toEqual({
    'default-src': "'self'",
    'script-src': "'self'",
    'script-src-attr': "'none'",
    'style-src': "'self'",
    'img-src': "'self' data:",
    'connect-src': `'self' ${rpcOrigin}`,
    'object-src': "'none'",
    'base-uri': "'self'",
    'form-action': "'self'",
    'frame-ancestors': "'none'",
  });
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers, successes and errors alike', async () => {
    const ok = await get(http.app, '/api/v1/config');
    expect(ok.statusCode).toBe(200);
    const notFound = await get(http.app, '/api/v1/no/such/route');
    expect(notFound.statusCode).toBe(404);
    const signedOut = await get(http.app, '/api/v1/me');
    expect(signedOut.statusCode).toBe(401);
    for (const res of [ok, notFound, signedOut]) expectSecurityHeaders(res);
  });

  it('are on the app page, its assets and the API docs', async () => {
    const rpc = 'http://127.0.0.1:8545';
    for (const url of ['/', '/pages/shop/index?code=X', '/assets/index-B2x9Qe1f.js', '/robots.txt'])
      expectSecurityHeaders(await get(web, url), rpc);
    // A missing asset is a JSON 404 outside /api: still under the policy.
    expectSecurityHeaders(await get(web, '/assets/missing.js'), rpc);
  });

  it('let the Swagger UI apply its logo’s one inline stylesheet, by hash, and nothing else', async () => {
    const app = csp(await get(http.app, '/api/v1/config'));
    for (const url of ['/api/v1/docs/', '/api/v1/docs/static/swagger-ui-bundle.js']) {
      const docs = await get(http.app, url);
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['x-frame-options']).toBe('DENY');
      expect(csp(docs)).toEqual({
        ...app,
        'style-src': "'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
      });
    }
    // The app's page keeps the strict one.
    expect(csp(await get(web, '/'))['style-src']).toBe("'self'");
  });

  it('let the browser read the chain at the public RPC origin only', async () => {
    expect(csp(await get(web, '/'))['connect-src']).toBe("'self' http://127.0.0.1:8545");
  });

  it('pin https (HSTS, upgrade-insecure-requests) only when the public origin is https', async () => {
    for (const url of ['/api/v1/config', '/api/v1/no/such/route']) {
      const res = await get(https.app, url);
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(csp(res)['upgrade-insecure-requests']).toBe('');
      const plain = await get(http.app, url);
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      expect(csp(plain)).not.toHaveProperty('upgrade-insecure-requests');
    }
  });
});

describe('caching', () => {
  it('stores no API answer: success, 401, 404, 429, docs', async () => {
    const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const first = await get(https.app, `/api/v1/nonce?address=${address}`);
    const limited = await get(https.app, `/api/v1/nonce?address=${address}`);
    expect([first.statusCode, limited.statusCode]).toEqual([200, 429]);
    const answers = [
      first,
      limited,
      await get(http.app, '/api/v1/config'),
      await get(http.app, '/api/v1/me'),
      await get(http.app, '/api/v1/no/such/route'),
      await get(http.app, '/api/v1/openapi.json'),
      await get(http.app, '/api/v1/docs/'),
      await get(web, '/api/v1/no/such/route'),
      await get(web, '/api'),
    ];
    for (const res of answers) expect(res.headers['cache-control'], res.body).toBe('no-store');
  });

  it('never caches the app page, and caches hashed assets for good', async () => {
    for (const url of ['/', '/pages/shop/index?code=X', '/no/such/page', '/index.html']) {
      const page = await get(web, url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>AGCFund Portfolio</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await get(web, '/assets/index-B2x9Qe1f.js');
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file outside /assets keeps its name across builds: briefly.
    expect((await get(web, '/robots.txt')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('revalidates the app page with its ETag', async () => {
    const page = await get(web, '/pages/shop/index');
    const etag = String(page.headers.etag);
    const again = await get(web, '/pages/shop/index', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});
