import { schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { type Jobs, startJobs } from '@server/jobs/index.ts';
import type { Member } from '@server/modules/members/index.ts';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addOpenProduct } from './funds-bills-support.ts';
import { newWallet, payFundOrder, randomHex, startTestServer, type TestServer } from './helpers.ts';
import { type Sample, sampleOf, scrapeMetrics } from './metrics.ts';
import { AGC, grantAvailable, signUpMembers, USDT } from './withdraw-support.ts';

/**
 * Each gauge read from the database moves with the state it reports: scraped, the state changed through the API
 * (or the database, where only a chain, the chain watcher or the snapshot builder would change it), scraped again. METRICS_CACHE_SECONDS=0 here,
 * so every scrape reads again (ops-api.test.ts and ops-chain.test.ts cover the caching).
 */
const TOKEN = 'gauges-metrics-token-0123456789abcdefgh';
let s: TestServer;
const w = { R: newWallet(), A: newWallet(), Q: newWallet() };
let h: Record<keyof typeof w, Record<string, string>>;
let m: Record<keyof typeof w, Member>;

beforeAll(async () => {
  s = await startTestServer({
    ADMIN_ADDRESSES: w.R.address,
    METRICS_TOKEN: TOKEN,
    METRICS_CACHE_SECONDS: '0',
  });
  ({ h, m } = await signUpMembers(s, w, ['Q']));
});
afterAll(() => s?.close());

const scrape = () => scrapeMetrics(s.app, TOKEN);
const post = async (who: keyof typeof w, url: string, payload: object) => {
  const res = await s.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: h[who], payload });
  expect(res.json().code, res.body).toBe(200);
  return res.json().data;
};

describe('agc_withdrawals_waiting', () => {
  const waiting = (x: Sample[]) =>
    Object.fromEntries(
      ['Auditing', 'Withdrawable'].flatMap((state) =>
        ['USDT', 'AGC'].map((asset) => [
          `${state}.${asset}`,
          sampleOf(x, 'agc_withdrawals_waiting', { state, asset }),
        ]),
      ),
    );

  it('counts requests per state and asset as they are made, approved and rejected', async () => {
    await grantAvailable(s.ctx, m.A.id, 'USDT', 100n * USDT);
    await grantAvailable(s.ctx, m.A.id, 'AGC', 100n * AGC);
    expect(waiting(await scrape())).toEqual({
      'Auditing.USDT': 0,
      'Auditing.AGC': 0,
      'Withdrawable.USDT': 0,
      'Withdrawable.AGC': 0,
    });
    const usdt = await post('A', 'withdraw', { amount: '10', type: 1 });
    const agc = await post('A', 'withdraw', { amount: '10', type: 2 });
    await post('A', 'withdraw', { amount: '20', type: 2 });
    expect(waiting(await scrape())).toEqual({
      'Auditing.USDT': 1,
      'Auditing.AGC': 2,
      'Withdrawable.USDT': 0,
      'Withdrawable.AGC': 0,
    });
    await post('Q', `admin/withdraws/${usdt.id}/approve`, {});
    await post('Q', `admin/withdraws/${agc.id}/approve`, {});
    expect(waiting(await scrape())).toEqual({
      'Auditing.USDT': 0,
      'Auditing.AGC': 1,
      'Withdrawable.USDT': 1,
      'Withdrawable.AGC': 1,
    });
  });
});

describe('agc_fund_subscriptions_waiting', () => {
  const waiting = (x: Sample[]) =>
    Object.fromEntries(
      ['UnPaid', 'Paid', 'Processing'].map((state) => [
        state,
        sampleOf(x, 'agc_fund_subscriptions_waiting', { state }),
      ]),
    );

  it('follows a subscription from UnPaid to Paid (reported) to Processing (confirmed)', async () => {
    const productId = await addOpenProduct(s.ctx, {
      name: 'Steady Income',
      risk: 'Low',
      lockDays: 7,
      minimumUsdt: 100_000_000n,
    });
    expect(waiting(await scrape())).toEqual({ UnPaid: 0, Paid: 0, Processing: 0 });
    const first = await post('A', 'funds/orders', { product_id: productId, amount: '100' });
    const second = await post('A', 'funds/orders', { product_id: productId, amount: '100' });
    expect(waiting(await scrape())).toEqual({ UnPaid: 2, Paid: 0, Processing: 0 });
    // Reporting the payment reads the chain (none here): the row as the report leaves it.
    await s.ctx.db
      .update(schema.fundOrders)
      .set({ status: 'Paid', payTxHash: randomHex(32), paidAt: s.ctx.now() })
      .where(eq(schema.fundOrders.id, BigInt(first.order_id)));
    expect(waiting(await scrape())).toEqual({ UnPaid: 1, Paid: 1, Processing: 0 });
    // The watcher's confirmation of the second order's payment (no chain here: the event as it decodes it).
    await payFundOrder(s.ctx, BigInt(second.order_id), m.A.address, 100n * USDT);
    expect(waiting(await scrape())).toEqual({ UnPaid: 0, Paid: 1, Processing: 1 });
  });
});

describe('agc_proof_latest_snapshot_status and agc_proof_last_published_timestamp_seconds', () => {
  const status = (x: Sample[]) =>
    Object.keys({
      building: 0,
      built: 0,
      unbalanced: 0,
      publishing: 0,
      published: 0,
      failed: 0,
      conflict: 0,
    }).filter((k) => sampleOf(x, 'agc_proof_latest_snapshot_status', { status: k }) === 1);

  it('name the newest snapshot’s status, and when the last one was published', async () => {
    const before = await scrape();
    expect(status(before)).toEqual([]);
    expect(sampleOf(before, 'agc_proof_last_published_timestamp_seconds')).toBe(0);
    // The builder's and the publisher's steps, as they leave the row.
    await s.ctx.db.execute(sql`insert into proof_snapshots (day, status) values ('2030-01-01', 'building')`);
    expect(status(await scrape())).toEqual(['building']);
    await s.ctx.db.execute(sql`update proof_snapshots set status = 'publishing' where day = '2030-01-01'`);
    expect(status(await scrape())).toEqual(['publishing']);
    const at = new Date('2030-01-02T00:10:00Z');
    await s.ctx.db.execute(
      sql`update proof_snapshots set status = 'published', published_at = ${at.toISOString()}::timestamptz where day = '2030-01-01'`,
    );
    const published = await scrape();
    expect(status(published)).toEqual(['published']);
    expect(sampleOf(published, 'agc_proof_last_published_timestamp_seconds')).toBe(at.getTime() / 1000);
    // A newer snapshot that does not balance is the newest; the last publication stays.
    await s.ctx.db.execute(
      sql`insert into proof_snapshots (day, status) values ('2030-01-02', 'unbalanced')`,
    );
    const unbalanced = await scrape();
    expect(status(unbalanced)).toEqual(['unbalanced']);
    expect(sampleOf(unbalanced, 'agc_proof_last_published_timestamp_seconds')).toBe(at.getTime() / 1000);
  });
});

describe('agc_db_pool_connections', () => {
  it('moves with the connections in use and the queries waiting for one (PostgreSQL; PGlite has no pool)', async () => {
    const pool = s.db.pool;
    if (!pool) {
      expect(sampleOf(await scrape(), 'agc_db_pool_connections', { state: 'total' })).toBeUndefined();
      return;
    }
    const max = defined(pool.options.max);
    expect(sampleOf(await scrape(), 'agc_db_pool_connections', { state: 'max' })).toBe(max);
    // Three connections held: open, and not idle.
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    const three = await scrape();
    const total = defined(sampleOf(three, 'agc_db_pool_connections', { state: 'total' }));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(sampleOf(three, 'agc_db_pool_connections', { state: 'idle' })).toBeLessThanOrEqual(total - 3);
    for (const c of held) c.release();
    const released = await scrape();
    expect(sampleOf(released, 'agc_db_pool_connections', { state: 'idle' })).toBeGreaterThanOrEqual(3);
    // Every connection held and a query waiting for one: the gauge (read before the scrape's own queries) says so.
    const all = await Promise.all(Array.from({ length: max }, () => pool.connect()));
    const queued = pool.query('select 1');
    const full = scrape();
    await new Promise((r) => setTimeout(r, 100));
    for (const c of all) c.release();
    const [busy] = await Promise.all([full, queued]);
    expect(sampleOf(busy, 'agc_db_pool_connections', { state: 'total' })).toBe(max);
    expect(sampleOf(busy, 'agc_db_pool_connections', { state: 'idle' })).toBe(0);
    expect(sampleOf(busy, 'agc_db_pool_connections', { state: 'waiting' })).toBe(1);
    // A quiet pool: nothing waiting (the scrape's own queries are not counted as load).
    expect(sampleOf(await scrape(), 'agc_db_pool_connections', { state: 'waiting' })).toBe(0);
  });
});

describe('agc_job_runs_total, agc_job_duration_seconds, agc_job_consecutive_failures', () => {
  let jobs: Jobs | undefined;
  afterAll(() => jobs?.stop());

  it('count a failing job: its failed runs, their durations, the failures in a row', async () => {
    const watcher = { job: 'chain-watcher' };
    const before = await scrape();
    expect(sampleOf(before, 'agc_job_runs_total', { ...watcher, outcome: 'failed' })).toBeUndefined();
    expect(sampleOf(before, 'agc_job_consecutive_failures', watcher)).toBeUndefined();
    // The test server's RPC (127.0.0.1:1) never answers: every run of the chain watcher fails (retried with
    // backoff: 0.5 s, 1 s, 2 s, …).
    jobs = startJobs(s.ctx, pino({ level: 'silent' }));
    const deadline = Date.now() + 20_000;
    let after = await scrape();
    while ((sampleOf(after, 'agc_job_consecutive_failures', watcher) ?? 0) < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      after = await scrape();
    }
    const failures = defined(sampleOf(after, 'agc_job_consecutive_failures', watcher));
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(sampleOf(after, 'agc_job_runs_total', { ...watcher, outcome: 'failed' })).toBe(failures);
    expect(sampleOf(after, 'agc_job_runs_total', { ...watcher, outcome: 'ok' })).toBeUndefined();
    expect(sampleOf(after, 'agc_job_duration_seconds_count', watcher)).toBe(failures);
    expect(sampleOf(after, 'agc_job_last_success_timestamp_seconds', watcher)).toBeUndefined();
    // Every other job starts at 0 failures in a row (none has run yet).
    expect(sampleOf(after, 'agc_job_consecutive_failures', { job: 'proof-retention' })).toBe(0);
  });
});
