// PRICE_SOURCE=uniswap-v3 against the real Uniswap v3 pool and the Chainlink mocks on anvil: the TWAP after swaps and
// time, the guards (thin pool, a jump, a stale price, the sequencer, a stale ETH feed), the refusals, what the
// quotes record, and the answers while the RPC is down.
import {
  type AnvilInstance,
  devAccount,
  localChain,
  type Market,
  mockV3AggregatorAbi,
  SEQUENCER_DOWN,
  SEQUENCER_UP,
  setSequencer,
  swapToPrice,
} from '@agc/contracts';
import { schema } from '@agc/db';
import { buildOpsApp } from '@server/app.ts';
import type { ChainContext } from '@server/context.ts';
import {
  FAILED_READ_BACKOFF_MS,
  type MarketPriceSource,
  priceSourceFrom,
} from '@server/modules/pricing/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { createWalletClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { chainTools, startLocalChain } from './chain.ts';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';
import { parseMetrics, sampleOf } from './metrics.ts';
import { type RpcRelay, startRpcRelay } from './rpc-relay.ts';

let anvil: AnvilInstance;
let chain: ChainContext;
let market: Market;
let deployment: Awaited<ReturnType<typeof startLocalChain>>['deployment'];
let tools: ReturnType<typeof chainTools>;
let s: TestServer;
let headers: Record<string, string>;
const trader = devAccount(3);

beforeAll(async () => {
  const local = await startLocalChain({ market: {} });
  ({ anvil, chain, deployment } = local);
  market = local.market as Market;
  tools = chainTools(anvil, deployment);
  await tools.fund(trader.address, 1_000_000n * 10n ** 6n, 1_000_000n * 10n ** 18n);
  s = await startTestServer(
    { PRICE_SOURCE: 'uniswap-v3', PRICE_SAMPLE_SECONDS: '0', ADMIN_ADDRESSES: devAccount(0).address },
    undefined,
    chain,
  );
  await seedProducts(s.ctx.db);
  ({ headers } = await signUp(s, newWallet()));
});
afterAll(async () => {
  await s.close();
  await anvil.stop();
});

const get = async (url: string, lang = 'en') => {
  const res = await s.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...headers, 'accept-language': lang },
  });
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it needs
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
};
const swapTo = (usdtPerAgc: bigint) =>
  swapToPrice({
    rpcUrl: anvil.url,
    chainId: deployment.chainId,
    account: trader,
    market,
    agc: deployment.agc,
    usdt: deployment.usdt,
    usdtPerAgc,
  });
/** Moves the chain's clock (and mines a block there) and the server's by the same seconds. */
const travel = async (seconds: number) => {
  await tools.testClient.increaseTime({ seconds });
  await tools.testClient.mine({ blocks: 1 });
  s.advance(seconds * 1000);
};
const micro = (decimal: string) => BigInt(Math.round(Number(decimal) * 1e6));

describe('the AGC price from the local Uniswap v3 pool', () => {
  it('is the pool’s TWAP at the configured starting price, with its source and pinned block', async () => {
    const { status, body } = await get('/token/price');
    expect(status).toBe(200);
    expect(body.data.source).toBe('uniswap-v3');
    // The sqrt price is floored: 0.5 reads back as 0.499999 or 0.5; the TWAP's tick is within 0.01 % below.
    expect(micro(body.data.price_usdt)).toBeGreaterThan(499_900n);
    expect(micro(body.data.price_usdt)).toBeLessThanOrEqual(500_000n);
    const head = await tools.publicClient.getBlockNumber();
    expect(BigInt(body.data.block)).toBe(head);
  });

  it('follows a real swap: the spot moves at once, the TWAP over its window as time passes', async () => {
    await travel(1800); // a full window of history at 0.5 first
    const swap = await swapTo(550_000n);
    expect(swap.paid.token).toBe('USDT');
    const right = await get('/token/price2');
    expect(right.status).toBe(200);
    expect(micro(right.body.data.spot_usdt)).toBeGreaterThanOrEqual(549_999n);
    expect(micro(right.body.data.agc_usdt)).toBeLessThan(501_000n); // the TWAP has not moved yet
    expect(right.body.data.twap_seconds).toBe(1800);
    expect(BigInt(right.body.data.block)).toBe(swap.block);

    // Half a window later the mean tick is halfway: √(0.5 × 0.55) ≈ 0.5244.
    await travel(900);
    const half = micro((await get('/token/price')).body.data.price_usdt);
    expect(half).toBeGreaterThan(523_000n);
    expect(half).toBeLessThan(526_000n);
    // A whole window later it is the new price.
    await travel(900);
    const whole = micro((await get('/token/price')).body.data.price_usdt);
    expect(whole).toBeGreaterThan(549_000n);
    expect(whole).toBeLessThanOrEqual(550_001n);
  });

  it('follows time on an idle chain too: the window ends at the server’s clock, at the head’s tick', async () => {
    await swapTo(580_000n);
    s.advance(900_000); // no block mined
    const p = micro((await get('/token/price')).body.data.price_usdt);
    // Half of the window at ≈0.55, half at 0.58: ≈ √(0.55 × 0.58) ≈ 0.5648.
    expect(p).toBeGreaterThan(563_000n);
    expect(p).toBeLessThan(567_000n);
    await travel(1800);
  });

  it('records every reading, and the chart shows the last 24 hours of them', async () => {
    await (s.ctx.prices as MarketPriceSource).settled();
    const rows = await s.ctx.db.select().from(schema.priceObservations);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((r) => r.source === 'uniswap-v3' && r.windowSeconds > 0)).toBe(true);
    const chart = await get('/token/price/chart');
    expect(chart.status).toBe(200);
    expect(chart.body.data.source).toBe('uniswap-v3');
    expect(chart.body.data.points.length).toBeGreaterThanOrEqual(3);
    const times = chart.body.data.points.map((p: { at: string }) => Date.parse(p.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('quotes at the TWAP and records price, source and block with the order', async () => {
    const price = (await get('/token/price')).body.data;
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers,
      payload: { product_id: 1 },
    });
    expect(res.statusCode).toBe(200);
    const order = res.json().data;
    expect(order.agc_price_usdt).toBe(price.price_usdt);
    expect(order.price_source).toBe('uniswap-v3');
    expect(order.price_block).toBe(price.block);
  });
});

describe('the guards', () => {
  /** A second source over the same chain and database with other settings (the server's stays as it is). */
  const source = (env: Record<string, string>, now: () => Date = s.ctx.now) => {
    const cfg = { ...s.ctx.config.price, ...priceOverrides(env) };
    return priceSourceFrom(
      { ...s.ctx.config, price: cfg },
      { db: s.ctx.db, chain, now },
    ) as MarketPriceSource;
  };
  const priceOverrides = (env: Record<string, string>) => ({
    ...(env.minLiquidity && { minLiquidityUsdt: BigInt(env.minLiquidity) * 10n ** 6n }),
    ...(env.maxAge && { maxAgeMs: Number(env.maxAge) * 1000, ageFrom: 'block' as const }),
    sampleMs: 0,
  });
  const reasonOf = async (src: MarketPriceSource) => (await src.health()).reason ?? '';

  it('refuses a pool thinner than PRICE_MIN_LIQUIDITY, with the translated message', async () => {
    const thin = source({ minLiquidity: '200000' });
    await expect(thin.agcPrice()).rejects.toMatchObject({ key: 'prices.paused', code: 503 });
    expect(await reasonOf(thin)).toMatch(/depth is 10\d,\d*|depth is 10\d\d\d\d/);
    expect((await thin.health()).paused).toBe(true);
  });

  it('pauses on a move beyond PRICE_MAX_DEVIATION_PERCENT, refuses quotes in every language, then recovers', async () => {
    const before = (await get('/token/price')).body.data.price_usdt;
    await swapTo(800_000n); // +38 %
    // Most of a window later the TWAP is near the new price, and the last accepted one is still within a window.
    await travel(1700);
    const en = await get('/token/price');
    expect(en.status).toBe(503);
    expect(en.body.msg).toBe('Prices are paused — try again shortly');
    const ja = await get('/token/price', 'ja');
    expect(ja.status).toBe(503);
    expect(ja.body.msg).not.toBe(en.body.msg);
    const order = await s.app.inject({
      method: 'POST',
      url: '/api/v1/order',
      headers,
      payload: { product_id: 1 },
    });
    expect(order.statusCode).toBe(503);
    const quote = await s.app.inject({
      method: 'POST',
      url: '/api/v1/exchange/quotes',
      headers,
      payload: { from: 'USDT', mode: 'in', amount: '10' },
    });
    expect(quote.statusCode).toBe(503);
    expect((await s.ctx.prices.health?.())?.reason).toMatch(/moved .* from the last accepted/);
    // The public prices show none rather than refusing.
    const pub = (await s.app.inject({ method: 'GET', url: '/api/v1/prices' })).json().data;
    expect(pub.agc_usdt).toBeNull();
    expect(pub.source).toBe('uniswap-v3');
    // /ready reports the source and the pause; the price is fresh, so readiness holds.
    const ready = (await s.app.inject({ method: 'GET', url: '/ready' })).json().data;
    expect(ready.checks.prices.detail).toMatch(/uniswap-v3.*paused/);
    expect(before).not.toBe('0.8');
    // Once no accepted price is left within a window, the new level is the reference: prices resume.
    s.advance(1801_000);
    const resumed = await get('/token/price');
    expect(resumed.status).toBe(200);
    expect(micro(resumed.body.data.price_usdt)).toBeGreaterThan(790_000n);
  });

  it('refuses a price older than PRICE_MAX_AGE_SECONDS (the block’s age on a real network)', async () => {
    const head = await tools.publicClient.getBlock();
    let skew = 0;
    const clock = () => new Date(Number(head.timestamp) * 1000 + skew);
    const aged = source({ maxAge: '60' }, clock);
    skew = 10_000;
    await expect(aged.agcPrice()).resolves.toMatchObject({ source: 'uniswap-v3' });
    skew = 120_000; // two minutes and no block since
    await expect(aged.agcPrice()).rejects.toMatchObject({ key: 'prices.paused' });
    const h = await aged.health();
    expect(h).toMatchObject({ fresh: false, paused: true });
    expect(h.reason).toMatch(/120 s old/);
  });

  it('refuses every market price while the sequencer is down and during the grace period after', async () => {
    const set = async (status: bigint, since: bigint) =>
      setSequencer({
        rpcUrl: anvil.url,
        deployer: devAccount(0),
        deployment,
        sequencerFeed: market.sequencerFeed,
        status,
        since,
      });
    const chainNow = async () => (await tools.publicClient.getBlock()).timestamp;
    await set(SEQUENCER_DOWN, await chainNow());
    const down = source({});
    await expect(down.agcPrice()).rejects.toMatchObject({ key: 'prices.paused' });
    await expect(down.ethPrice()).rejects.toMatchObject({ key: 'prices.paused' });
    expect(await reasonOf(down)).toMatch(/sequencer is down/);
    await set(SEQUENCER_UP, await chainNow());
    const grace = source({});
    await expect(grace.agcPrice()).rejects.toMatchObject({ key: 'prices.paused' });
    expect(await reasonOf(grace)).toMatch(/came back \d+ s ago/);
    await set(SEQUENCER_UP, (await chainNow()) - 3601n);
    await expect(source({}).agcPrice()).resolves.toMatchObject({ source: 'uniswap-v3' });
  });

  it('reads ETH/USD from the Chainlink feed and refuses it once stale (ETH_USD_MAX_AGE_SECONDS)', async () => {
    const fresh = source({});
    await expect(fresh.ethPrice()).resolves.toMatchObject({
      usdtPerEth: 3_000_000_000n,
      source: 'uniswap-v3',
    });
    await tools.testClient.increaseTime({ seconds: 90_001 });
    await tools.testClient.mine({ blocks: 1 });
    s.advance(90_001_000);
    // The sequencer's round is older than the grace period; only the ETH feed went stale.
    const stale = source({});
    await expect(stale.ethPrice()).rejects.toMatchObject({ key: 'prices.paused' });
    await expect(stale.agcPrice()).resolves.toMatchObject({ source: 'uniswap-v3' });
    const pub = (await s.app.inject({ method: 'GET', url: '/api/v1/prices' })).json().data;
    expect(pub.eth_usdt).toBeNull();
    expect(pub.agc_usdt).not.toBeNull();
    // A new answer makes it fresh again.
    const feedOwner = createWalletClient({
      account: devAccount(0),
      chain: localChain(deployment.chainId, anvil.url),
      transport: http(anvil.url),
    });
    await tools.publicClient.waitForTransactionReceipt({
      hash: await feedOwner.writeContract({
        address: market.ethUsdFeed,
        abi: mockV3AggregatorAbi,
        functionName: 'updateAnswer',
        args: [3100n * 10n ** 8n],
      }),
    });
    await expect(source({}).ethPrice()).resolves.toMatchObject({ usdtPerEth: 3_100_000_000n });
  });
});

describe('while the RPC is down', () => {
  let relay: RpcRelay;
  let url = '';
  beforeAll(async () => {
    // An RPC that stops answering: each request dropped after half a second.
    relay = await startRpcRelay(anvil.url, 500);
    url = relay.url;
  });
  afterAll(() => relay.close());
  /** One call, timed, and the RPC requests it made. */
  const timed = async <T>(call: () => Promise<T>) => {
    const before = relay.requests;
    const started = performance.now();
    const outcome = await call().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    return { ...outcome, ms: performance.now() - started, requests: relay.requests - before };
  };

  it(`answers at once for ${FAILED_READ_BACKOFF_MS / 1000} s after a failed read, then one caller reads again`, async () => {
    let offset = 0;
    const now = () => new Date(s.ctx.now().getTime() + offset);
    const src = priceSourceFrom(
      { ...s.ctx.config, price: { ...s.ctx.config.price, sampleMs: 0 } },
      { db: s.ctx.db, chain: { ...chain, rpcUrl: url }, now },
    ) as MarketPriceSource;
    // The price gauges of a server on this source (scraped on the metrics listener).
    const ops = await buildOpsApp({ ...s.ctx, prices: src });
    onTestFinished(() => ops.close());
    const gauges = async () => {
      const samples = parseMetrics((await ops.inject({ method: 'GET', url: '/metrics' })).body);
      return {
        age: sampleOf(samples, 'agc_price_age_seconds', { source: 'uniswap-v3' }),
        paused: sampleOf(samples, 'agc_price_paused', { source: 'uniswap-v3' }),
      };
    };
    const good = await timed(() => src.agcPrice());
    expect(good.requests).toBeGreaterThan(0);
    if (!('value' in good)) throw new Error('the first reading failed');

    relay.up = false;
    offset += 1000;
    // The first caller after the RPC went down reads and waits for the failure (a try and a retry); the previous
    // reading is still young enough for the guards, so it is the answer.
    const failed = await timed(() => src.agcPrice());
    expect(failed.requests).toBeGreaterThanOrEqual(2);
    expect(failed.ms).toBeGreaterThanOrEqual(900);
    expect(failed).toMatchObject({ value: good.value });
    // Within the next 5 s (half-way: the real time the next calls take, on a busy machine, stays inside the window):
    // the same answer at once, the chain untouched.
    offset += FAILED_READ_BACKOFF_MS / 2;
    const quick = await timed(() => src.agcPrice());
    expect(quick).toMatchObject({ value: good.value, requests: 0 });
    expect(quick.ms).toBeLessThan(200);
    expect((await timed(() => src.health())).requests).toBe(0);
    // The gauges say how old the reading in use is, and that it is still used; a scrape reads no more than a quote.
    const before = relay.requests;
    const aged = await gauges();
    expect(aged.paused).toBe(0);
    // The clock moved by the offsets, and by the real time the failed read took.
    expect(aged.age).toBeGreaterThanOrEqual((1000 + FAILED_READ_BACKOFF_MS / 2) / 1000);
    expect(aged.age).toBeLessThan((1000 + FAILED_READ_BACKOFF_MS / 2) / 1000 + 5);
    expect(relay.requests).toBe(before);

    // 5 s after the failure one caller reads again; the others meanwhile answer without waiting for it.
    offset += FAILED_READ_BACKOFF_MS / 2;
    const retry = timed(() => src.agcPrice());
    const beside = await timed(() => src.agcPrice());
    expect(beside).toMatchObject({ value: good.value, requests: 0 });
    expect(beside.ms).toBeLessThan(200);
    expect((await retry).requests).toBeGreaterThanOrEqual(2);

    // Once the previous reading is too old for the guards (PRICE_MAX_AGE_SECONDS) the answer is paused, at once too.
    offset += s.ctx.config.price.maxAgeMs + FAILED_READ_BACKOFF_MS;
    const stale = await timed(() => src.agcPrice());
    expect(stale).toMatchObject({ error: { key: 'prices.paused' } });
    expect(stale.requests).toBeGreaterThanOrEqual(2);
    expect(await gauges()).toMatchObject({ paused: 1 });
    const pausedAtOnce = await timed(() => src.agcPrice());
    expect(pausedAtOnce).toMatchObject({ error: { key: 'prices.paused' }, requests: 0 });
    expect(pausedAtOnce.ms).toBeLessThan(200);

    // The RPC back: the first caller after the 5 s reads a new price.
    relay.up = true;
    offset += FAILED_READ_BACKOFF_MS;
    const back = await timed(() => src.agcPrice());
    expect(back.requests).toBeGreaterThan(0);
    const fresh = await gauges();
    expect(fresh.paused).toBe(0);
    expect(fresh.age).toBeLessThan(1);
    expect(back).toMatchObject({ value: { source: 'uniswap-v3' } });
    const newer = (back as { value: { updatedAt: Date } }).value.updatedAt.getTime();
    expect(newer - good.value.updatedAt.getTime()).toBeGreaterThan(s.ctx.config.price.maxAgeMs);
  });
  it('reports no price at all as infinitely old and paused, before any reading succeeded', async () => {
    relay.up = false;
    try {
      const src = priceSourceFrom(
        { ...s.ctx.config, price: { ...s.ctx.config.price, sampleMs: 0 } },
        { db: s.ctx.db, chain: { ...chain, rpcUrl: url }, now: s.ctx.now },
      ) as MarketPriceSource;
      const ops = await buildOpsApp({ ...s.ctx, prices: src });
      onTestFinished(() => ops.close());
      const samples = parseMetrics((await ops.inject({ method: 'GET', url: '/metrics' })).body);
      expect(sampleOf(samples, 'agc_price_age_seconds', { source: 'uniswap-v3' })).toBe(
        Number.POSITIVE_INFINITY,
      );
      expect(sampleOf(samples, 'agc_price_paused', { source: 'uniswap-v3' })).toBe(1);
      const ready = (await ops.inject({ method: 'GET', url: '/ready' })).json().data;
      expect(ready.checks.prices).toMatchObject({ ok: false });
      expect(ready.checks.prices.detail).toMatch(/^uniswap-v3: no price yet, paused \(no reading yet: /);
    } finally {
      relay.up = true;
    }
  });
});
