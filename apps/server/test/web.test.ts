import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { App } from '@server/app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckedApp } from './contract.ts';
import { newWallet, session, startTestServer, type TestServer } from './helpers.ts';

const PAGE = '<!doctype html><title>AGCFund Portfolio</title>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})`;
const admin = newWallet();

let s: TestServer;
let dist: string;
let web: App;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'agc-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  // What vite-plugin-compression2 writes beside each file.
  for (const [name, text] of [
    ['index.html', PAGE],
    ['assets/big.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dist, name), text);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(text));
  }
  s = await startTestServer({ ADMIN_ADDRESSES: admin.address });
  web = await buildCheckedApp({ ...s.ctx, config: { ...s.ctx.config, webDist: dist } }, { serveWeb: true });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await s.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers every app path with index.html (history mode) and files as files', async () => {
    for (const url of [
      '/',
      '/pages/shop/index?code=X',
      '/pages/withdrawal/withdrawalSunccess',
      '/no/such/page',
    ]) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>AGCFund Portfolio</title>');
    }
    const js = await web.inject({ method: 'GET', url: '/assets/app.js' });
    expect(js.body).toBe('console.log(1)');
    expect((await web.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('keeps JSON errors under /api', async () => {
    const res = await web.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(404);
  });
});

describe('compression', () => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    web.inject({ method: 'GET', url, headers });

  it("sends an asset's precompressed copy to a client that accepts it, the plain file otherwise", async () => {
    const br = await get('/assets/big.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/big.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await get('/assets/big.js', headers);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(SCRIPT);
    }
    // A file without copies is sent as it is, and never compressed per request.
    const small = await get('/assets/app.js', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('does the same for the app page, also when it answers an app path (history mode)', async () => {
    for (const url of ['/', '/pages/shop/index']) {
      const br = await get(url, { 'accept-encoding': 'br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/text\/html/);
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(PAGE);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.body).toBe(PAGE);
    }
  });

  it('compresses an API answer above 1 KB when asked, and leaves small ones (/me, errors) as they are', async () => {
    const doc = await get('/api/v1/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(doc.headers.vary).toMatch(/accept-encoding/i);
    const parsed = JSON.parse(brotliDecompressSync(doc.rawPayload).toString());
    expect(parsed.openapi).toMatch(/^3\.1/);
    expect(doc.rawPayload.length).toBeLessThan(JSON.stringify(parsed).length / 4);
    const gz = await get('/api/v1/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(parsed);
    const plain = await get('/api/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(parsed);

    const headers = { ...(await session(s, admin)), 'accept-encoding': 'br, gzip' };
    const me = await get('/api/v1/me', headers);
    expect(me.statusCode).toBe(200);
    expect(me.rawPayload.length).toBeLessThan(1024);
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json().data.address.toLowerCase()).toBe(admin.address.toLowerCase());
    const missing = await get('/api/v1/unknown', { 'accept-encoding': 'br' });
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().code).toBe(404);
  });
});
