import { Writable } from 'node:stream';
import { buildApp, buildOpsApp } from '@server/app.ts';
import { markShuttingDown } from '@server/modules/ops/index.ts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';
import { parseMetrics, sampleOf } from './metrics.ts';

/**
 * Health, readiness and the metrics endpoint without a chain: the test server's RPC (127.0.0.1:1) never answers, so
 * readiness names the chain, and the metrics' chain and solvency parts are left out (and counted as failures).
 */
const TOKEN = 'metrics-token-for-tests-0123456789abcdef';
let s: TestServer;
/** A server without METRICS_TOKEN (its metrics on METRICS_PORT only); the last test shuts it down. */
let plain: TestServer;

beforeAll(async () => {
  [s, plain] = await Promise.all([
    startTestServer({ METRICS_TOKEN: TOKEN, METRICS_CACHE_SECONDS: '0' }),
    startTestServer({ METRICS_PORT: '0' }),
  ]);
});
afterAll(async () => {
  await s.close();
  await plain.close();
});

const scrape = async (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
  s.app.inject({ method: 'GET', url: '/metrics', headers });

describe('GET /health', () => {
  it('answers 200 with the uptime, signed out, never cached', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ code: 200, data: { status: 'ok' } });
    expect(body.data.uptime_seconds).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /ready', () => {
  it('is 503 naming the chain when the RPC does not answer; the database and prices pass', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    const body = res.json();
    expect(body.code).toBe(503);
    expect(body.msg).toBe('Not ready: chain');
    expect(body.data.ready).toBe(false);
    expect(body.data.failing).toEqual(['chain']);
    expect(body.data.checks.database.ok).toBe(true);
    expect(body.data.checks.database.detail).toMatch(/^reachable, \d+ migrations applied$/);
    expect(body.data.checks.prices).toEqual({ ok: true, detail: 'fixed: price 0 s old' });
    // Public: the cause (which may name a host or carry an RPC key) stays in the log.
    expect(body.data.checks.chain).toEqual({ ok: false, detail: 'the RPC does not answer' });
    expect(res.body).not.toContain('127.0.0.1');
  });

  it('translates its message', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/ready', headers: { 'accept-language': 'ja' } });
    expect(res.json().msg).toBe('準備ができていません: chain');
  });

  it('is never rate limited: 200 probes in a row all get an answer', async () => {
    const codes = await Promise.all(
      Array.from({ length: 200 }, () =>
        s.app.inject({ method: 'GET', url: '/ready' }).then((r) => r.statusCode),
      ),
    );
    expect(new Set(codes)).toEqual(new Set([503]));
  });
});

describe('GET /metrics on the app port', () => {
  it('refuses a scrape without the token, with a wrong one, or with another scheme', async () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { authorization: 'Bearer wrong-token' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${TOKEN}` },
      { authorization: TOKEN },
    ]) {
      const res = await scrape(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toMatchObject({ code: 401, msg: 'The metrics need a valid token', data: null });
      expect(res.body).not.toContain('agc_');
    }
  });

  it('answers Prometheus text with the token', async () => {
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE agc_http_request_duration_seconds histogram');
    const samples = parseMetrics(res.body);
    expect(sampleOf(samples, 'agc_price_age_seconds', { source: 'fixed' })).toBe(0);
    expect(sampleOf(samples, 'agc_price_paused', { source: 'fixed' })).toBe(0);
    for (const state of ['Auditing', 'Withdrawable'])
      for (const asset of ['USDT', 'AGC'])
        expect(sampleOf(samples, 'agc_withdrawals_waiting', { state, asset })).toBe(0);
    for (const state of ['UnPaid', 'Paid', 'Processing'])
      expect(sampleOf(samples, 'agc_fund_subscriptions_waiting', { state })).toBe(0);
    // No chain here: its parts are unknown (NaN) or left out rather than shown stale, and counted.
    expect(sampleOf(samples, 'agc_chain_watcher_lag_blocks')).toBeNaN();
    expect(sampleOf(samples, 'agc_solvency_read_age_seconds')).toBeNaN();
    expect(
      sampleOf(samples, 'agc_solvency_coverage_ratio', { asset: 'USDT', horizon: 'all' }),
    ).toBeUndefined();
    expect(sampleOf(samples, 'agc_metrics_collect_failures_total', { part: 'chain' })).toBeGreaterThan(0);
    expect(sampleOf(samples, 'agc_metrics_collect_failures_total', { part: 'solvency' })).toBeGreaterThan(0);
    // The pool is PostgreSQL's; PGlite has one connection and no pool.
    const pool = sampleOf(samples, 'agc_db_pool_connections', { state: 'total' });
    if (s.db.kind === 'postgres') expect(pool).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });

  it('labels requests by route pattern and status, never by the URL asked for', async () => {
    for (const id of ['1111', '2222', '3333'])
      expect((await s.app.inject({ method: 'GET', url: `/api/v1/order/${id}` })).statusCode).toBe(401);
    for (const path of ['/no/such/path/1', '/no/such/path/2'])
      expect((await s.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const res = await scrape();
    expect(res.body).not.toMatch(/1111|2222|3333|no\/such/);
    const samples = parseMetrics(res.body);
    const count = (labels: Record<string, string>) =>
      sampleOf(samples, 'agc_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/v1/order/:order_id', status_code: '401' })).toBe(3);
    expect(count({ method: 'GET', route: '(unmatched)', status_code: '404' })).toBeGreaterThanOrEqual(2);
    expect(count({ method: 'GET', route: '/metrics', status_code: '401' })).toBeGreaterThanOrEqual(5);
  });

  it('does not exist on the app port without a token (the metrics are then on METRICS_PORT only)', async () => {
    const noToken = plain;
    {
      expect((await noToken.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      // The separate listener serves them without a token, beside health and readiness.
      const ops = await buildOpsApp(noToken.ctx);
      try {
        const res = await ops.inject({ method: 'GET', url: '/metrics' });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('agc_withdrawals_waiting');
        expect((await ops.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
        expect((await ops.inject({ method: 'GET', url: '/api/v1/config' })).statusCode).toBe(404);
      } finally {
        await ops.close();
      }
    }
  });
});

describe('probes in the log', () => {
  it('are not logged per request at info; API requests are', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    const app = await buildApp(s.ctx, { logger: pino({ level: 'info' }, sink) });
    try {
      await app.inject({ method: 'GET', url: '/health' });
      await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      await app.inject({ method: 'GET', url: '/api/v1/config' });
      const urls = lines.map((l) => JSON.parse(l) as { req?: { url?: string }; msg?: string });
      expect(urls.some((l) => l.req?.url === '/api/v1/config')).toBe(true);
      expect(lines.join('\n')).not.toMatch(/"url":"\/(health|metrics)"/);
    } finally {
      await app.close();
    }
  });
});

describe('shutting down', () => {
  it('makes readiness fail with shutting_down', async () => {
    markShuttingDown(plain.ctx);
    const res = await plain.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().data.failing).toContain('shutting_down');
  });
});
