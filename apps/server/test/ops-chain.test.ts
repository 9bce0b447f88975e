import { buildOpsApp } from '@server/app.ts';
import { type Jobs, startJobs } from '@server/jobs/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainMember, type ChainServer, joinFunded, startChainServer } from './chain.ts';
import { addProduct } from './funds-bills-support.ts';
import { insertProcessingOrder } from './funds-nav-support.ts';
import { parseMetrics, type Sample, sampleOf } from './metrics.ts';
import { startRpcRelay } from './rpc-relay.ts';

/**
 * The metrics against a real anvil with the real contracts: readiness passes, and the series move when a member
 * pays an order through the payment contract (the request counted under its route, the treasury's USDT and the
 * watcher's lag, then the job scheduler's runs and the events it ingested, the withdrawals waiting, the solvency
 * series of every asset and horizon), and a job's failures in a row while the RPC is down, back to 0 once it answers.
 */
const USDT = 10n ** 6n;
const AGC = 10n ** 18n;
const TOKEN = 'chain-metrics-token-0123456789abcdefgh';
const SOLVENCY_CACHE_SECONDS = 2;

let s: ChainServer;
let root: ChainMember;
let alice: ChainMember;
let jobs: Jobs | undefined;

const api = async (method: 'GET' | 'POST', url: string, m: ChainMember, payload?: unknown) =>
  (
    await s.app.inject({ method, url: `/api/v1${url}`, headers: m.headers, payload: payload as never })
  ).json();

const scrape = async (): Promise<Sample[]> => {
  const res = await s.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return parseMetrics(res.body);
};

/** Pays an order through the real contracts: create, approve AGC, approve USDT, pay, report. */
async function pay(m: ChainMember) {
  const order = (await api('POST', '/order', m, { product_id: 1 })).data;
  let hash = '0x' as `0x${string}`;
  for (const step of ['/order/approve/agc/', '/order/approve/usdt/', '/order/tx/']) {
    const tx = await api('GET', `${step}${order.order_id}`, m);
    expect(tx.code, tx.msg).toBe(200);
    hash = await s.send(m.account, tx.data.tx);
  }
  const reported = await api('POST', '/order/pay', m, { order_id: order.order_id, tx_hash: hash });
  expect(reported.code, reported.msg).toBe(200);
  return order.order_id as string;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  s = await startChainServer({
    METRICS_TOKEN: TOKEN,
    METRICS_CACHE_SECONDS: '0',
    METRICS_SOLVENCY_CACHE_SECONDS: String(SOLVENCY_CACHE_SECONDS),
    WATCHER_POLL_MS: '100',
    READY_MAX_BLOCK_AGE_SECONDS: '3600',
  });
  await seedProducts(s.ctx.db);
  root = await joinFunded(s, null, { usdt: 10_000n * USDT, agc: 10_000n * AGC });
  alice = await joinFunded(s, root, { usdt: 10_000n * USDT, agc: 10_000n * AGC });
}, 120_000);

afterAll(async () => {
  await jobs?.stop();
  await s?.close();
});

describe('readiness on a live chain', () => {
  it('is 200 with every part named', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, msg: 'Ready to serve', data: { ready: true, failing: [] } });
    expect(body.data.checks.chain.detail).toMatch(/^head block \d+, \d+ s old$/);
  });

  it('is 503 naming the chain when the head is older than READY_MAX_BLOCK_AGE_SECONDS', async () => {
    // The same chain seen by a stricter setting: anvil mines only on demand, so its head is seconds old by now.
    await sleep(2100);
    const strict = {
      ...s.ctx,
      config: { ...s.ctx.config, ops: { ...s.ctx.config.ops, readyMaxBlockAgeMs: 1000 } },
    };
    const { buildApp } = await import('@server/app.ts');
    const app = await buildApp(strict);
    try {
      const res = await app.inject({ method: 'GET', url: '/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().data.failing).toEqual(['chain']);
      expect(res.json().data.checks.chain.detail).toMatch(/older than 1 s \(READY_MAX_BLOCK_AGE_SECONDS\)$/);
    } finally {
      await app.close();
    }
  });
});

describe('the metrics when a payment is made', () => {
  it('move: the request, the treasury and the watcher lag, then the jobs and what they ingested', async () => {
    await sleep(SOLVENCY_CACHE_SECONDS * 1000 + 100);
    const before = await scrape();
    // The test chain's vault starts empty.
    const usdtBefore = sampleOf(before, 'agc_solvency_assets', { asset: 'USDT' });
    expect(usdtBefore).toBe(0);
    expect(sampleOf(before, 'agc_solvency_coverage_ratio', { asset: 'USDT', horizon: '72h' })).toBe(
      Number.POSITIVE_INFINITY,
    );
    const payRoute = { method: 'POST', route: '/api/v1/order/pay', status_code: '200' };
    const paidBefore = sampleOf(before, 'agc_http_request_duration_seconds_count', payRoute) ?? 0;

    // The root invests (so a referral can be paid to it), then Alice: two payments through the contract.
    const orders = [await pay(root), await pay(alice)];
    await sleep(SOLVENCY_CACHE_SECONDS * 1000 + 100);
    const paid = await scrape();
    expect(sampleOf(paid, 'agc_http_request_duration_seconds_count', payRoute)).toBe(paidBefore + 2);
    // The payments landed in the vault (the payment treasury): 100 USDT each.
    expect(sampleOf(paid, 'agc_solvency_assets', { asset: 'USDT' })).toBe((usdtBefore ?? 0) + 200);
    // Nobody has read the chain yet: the watcher is behind by the blocks of the payments.
    const lag = sampleOf(paid, 'agc_chain_watcher_lag_blocks') ?? 0;
    expect(lag).toBeGreaterThanOrEqual(6);
    expect(sampleOf(paid, 'agc_chain_watcher_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleOf(paid, 'agc_chain_final_block')).toBe(sampleOf(paid, 'agc_chain_head_block'));
    // The head moved by the payments' blocks; the watcher's cursor did not.
    const headBefore = sampleOf(before, 'agc_chain_head_block') ?? 0;
    expect(sampleOf(paid, 'agc_chain_head_block')).toBeGreaterThanOrEqual(headBefore + 6);
    expect(sampleOf(paid, 'agc_chain_watcher_cursor_block')).toBe(
      sampleOf(before, 'agc_chain_watcher_cursor_block'),
    );

    // The scheduler starts: the watcher confirms both orders, and its runs and ingestion are counted.
    jobs = startJobs(s.ctx, pino({ level: 'silent' }));
    for (const [m, id] of [
      [root, orders[0]],
      [alice, orders[1]],
    ] as const)
      await until(
        'order confirmed',
        async () => (await api('GET', `/order/${id}`, m)).data.status,
        (v) => v === 'Success',
      );
    const after = await until(
      'watcher caught up',
      scrape,
      (x) =>
        sampleOf(x, 'agc_chain_watcher_lag_blocks') === 0 &&
        (sampleOf(x, 'agc_job_runs_total', { job: 'chain-watcher', outcome: 'ok' }) ?? 0) > 0,
    );
    expect(sampleOf(after, 'agc_chain_watcher_lag_seconds')).toBe(0);
    expect(sampleOf(after, 'agc_chain_watcher_cursor_block')).toBe(sampleOf(after, 'agc_chain_final_block'));
    expect(sampleOf(after, 'agc_chain_events_ingested_total')).toBe(2);
    expect(sampleOf(after, 'agc_job_runs_total', { job: 'chain-watcher', outcome: 'ok' })).toBeGreaterThan(0);
    expect(sampleOf(after, 'agc_job_duration_seconds_count', { job: 'chain-watcher' })).toBeGreaterThan(0);
    expect(sampleOf(after, 'agc_job_consecutive_failures', { job: 'chain-watcher' })).toBe(0);
    expect(
      sampleOf(after, 'agc_job_last_success_timestamp_seconds', { job: 'chain-watcher' }),
    ).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(
      sampleOf(after, 'agc_job_runs_total', { job: 'chain-watcher', outcome: 'failed' }),
    ).toBeUndefined();

    // The referral (10 % of Alice's 100 USDT) is the root's to withdraw: a request waits for an admin.
    expect((await api('GET', '/me', root)).data.profit_sum).toBe('10');
    expect(sampleOf(after, 'agc_withdrawals_waiting', { state: 'Auditing', asset: 'USDT' })).toBe(0);
    const requested = await api('POST', '/withdraw', root, { amount: '5', type: 1 });
    expect(requested.code, requested.msg).toBe(200);
    await sleep(SOLVENCY_CACHE_SECONDS * 1000 + 100);
    const waiting = await scrape();
    expect(sampleOf(waiting, 'agc_withdrawals_waiting', { state: 'Auditing', asset: 'USDT' })).toBe(1);
    expect(sampleOf(waiting, 'agc_withdrawals_waiting', { state: 'Withdrawable', asset: 'USDT' })).toBe(0);
    // Now something is owed within 72 hours: the referral's USDT part (80 % of 10) less the 5 requested, and the
    // request's 4.75 after its 5 % fee. Covered by the 200 USDT paid in.
    expect(sampleOf(waiting, 'agc_solvency_liabilities', { asset: 'USDT', horizon: '72h' })).toBe(7.75);
    expect(
      sampleOf(waiting, 'agc_solvency_coverage_ratio', { asset: 'USDT', horizon: '72h' }),
    ).toBeGreaterThan(1);
    // Every asset and horizon moved from nothing owed (coverage +Inf) to what is owed now, AGC too (4 AGC owed against
    // the 20 AGC the payments brought in); nothing here is payable later than 72 h, so both horizons agree.
    const solvencyOf = (x: Sample[]) =>
      Object.fromEntries(
        ['USDT', 'AGC'].flatMap((asset) => [
          [`assets.${asset}`, sampleOf(x, 'agc_solvency_assets', { asset })],
          ...['all', '72h'].flatMap((horizon) => [
            [`liabilities.${asset}.${horizon}`, sampleOf(x, 'agc_solvency_liabilities', { asset, horizon })],
            [`coverage.${asset}.${horizon}`, sampleOf(x, 'agc_solvency_coverage_ratio', { asset, horizon })],
          ]),
        ]),
      );
    const inf = Number.POSITIVE_INFINITY;
    expect(solvencyOf(before)).toEqual({
      'assets.USDT': 0,
      'liabilities.USDT.all': 0,
      'coverage.USDT.all': inf,
      'liabilities.USDT.72h': 0,
      'coverage.USDT.72h': inf,
      'assets.AGC': 0,
      'liabilities.AGC.all': 0,
      'coverage.AGC.all': inf,
      'liabilities.AGC.72h': 0,
      'coverage.AGC.72h': inf,
    });
    expect(solvencyOf(waiting)).toEqual({
      'assets.USDT': 200,
      'liabilities.USDT.all': 7.75,
      'coverage.USDT.all': 25.8064,
      'liabilities.USDT.72h': 7.75,
      'coverage.USDT.72h': 25.8064,
      'assets.AGC': 20,
      'liabilities.AGC.all': 4,
      'coverage.AGC.all': 5,
      'liabilities.AGC.72h': 4,
      'coverage.AGC.72h': 5,
    });
    // A paid fund subscription waiting for its NAV is owed, but not within 72 hours: only the horizon `all` moves.
    const productId = await addProduct(s.ctx.db, {
      name: 'Steady Income',
      risk: 'Low',
      lockDays: 7,
      minimumUsdt: 100n * USDT,
    });
    await insertProcessingOrder(s.ctx.db, root.id, productId, 100n * USDT, 0);
    await sleep(SOLVENCY_CACHE_SECONDS * 1000 + 100);
    expect(solvencyOf(await scrape())).toMatchObject({
      'liabilities.USDT.all': 107.75,
      'coverage.USDT.all': 1.8561,
      'liabilities.USDT.72h': 7.75,
      'coverage.USDT.72h': 25.8064,
    });
  }, 120_000);

  it('reads the solvency sums once per METRICS_SOLVENCY_CACHE_SECONDS, not per scrape', async () => {
    await sleep(SOLVENCY_CACHE_SECONDS * 1000 + 100);
    const first = await scrape();
    const fresh = sampleOf(first, 'agc_solvency_read_age_seconds') ?? Number.NaN;
    expect(fresh).toBeLessThan(0.5);
    await sleep(1200);
    const second = await scrape();
    // The same reading, 1.2 s older: nothing was read again for the second scrape.
    expect(sampleOf(second, 'agc_solvency_read_age_seconds')).toBeGreaterThanOrEqual(fresh + 1.1);
    expect(sampleOf(second, 'agc_solvency_assets', { asset: 'USDT' })).toBe(
      sampleOf(first, 'agc_solvency_assets', { asset: 'USDT' }),
    );
    // Past its lifetime it is read again.
    await sleep(SOLVENCY_CACHE_SECONDS * 1000);
    expect(sampleOf(await scrape(), 'agc_solvency_read_age_seconds')).toBeLessThan(0.5);
  });
});

describe('a job that fails, then recovers', () => {
  it('counts its failures in a row, then 0 again with a success when the RPC answers', async () => {
    // The scheduler on a context whose RPC goes through a relay that can drop every request.
    await jobs?.stop();
    jobs = undefined;
    const relay = await startRpcRelay(s.ctx.chain.rpcUrl);
    relay.up = false;
    const ctx = { ...s.ctx, chain: { ...s.ctx.chain, rpcUrl: relay.url } };
    const ops = await buildOpsApp(ctx);
    const relayed = startJobs(ctx, pino({ level: 'silent' }));
    try {
      const watcher = { job: 'chain-watcher' };
      const read = async () => parseMetrics((await ops.inject({ method: 'GET', url: '/metrics' })).body);
      const failing = await until(
        'failures in a row',
        read,
        (x) => (sampleOf(x, 'agc_job_consecutive_failures', watcher) ?? 0) >= 2,
      );
      const failed = sampleOf(failing, 'agc_job_runs_total', { ...watcher, outcome: 'failed' }) ?? 0;
      expect(failed).toBeGreaterThanOrEqual(2);
      expect(sampleOf(failing, 'agc_job_last_success_timestamp_seconds', watcher)).toBeUndefined();
      relay.up = true;
      const recovered = await until(
        'a success',
        read,
        (x) => sampleOf(x, 'agc_job_consecutive_failures', watcher) === 0,
      );
      expect(sampleOf(recovered, 'agc_job_runs_total', { ...watcher, outcome: 'ok' })).toBeGreaterThan(0);
      expect(
        sampleOf(recovered, 'agc_job_runs_total', { ...watcher, outcome: 'failed' }),
      ).toBeGreaterThanOrEqual(failed);
      expect(sampleOf(recovered, 'agc_job_last_success_timestamp_seconds', watcher)).toBeGreaterThan(
        Date.now() / 1000 - 60,
      );
    } finally {
      await relayed.stop();
      await ops.close();
      await relay.close();
    }
  }, 60_000);
});
