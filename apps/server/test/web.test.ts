import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from '@server/app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCheckedApp } from './contract.ts';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
let dist: string;
let web: App;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'agc-web-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>AGCFund Portfolio</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  s = await startTestServer();
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
