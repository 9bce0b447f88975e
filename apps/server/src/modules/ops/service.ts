import { porSnapshotStatus, type Readiness, type ReadyCheckName } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { metricsOf } from '@server/lib/metrics.ts';
import { TtlCache } from '@server/lib/ttl-cache.ts';
import { chainHead, watcherStatus } from '@server/modules/chain/index.ts';
import { WAITING_SUBSCRIPTION_STATES, waitingSubscriptions } from '@server/modules/funds/index.ts';
import { priceHealth } from '@server/modules/pricing/index.ts';
import { proofHealth } from '@server/modules/proofs/index.ts';
import { solvency } from '@server/modules/solvency/index.ts';
import { WAITING_WITHDRAW_STATES, waitingWithdrawals } from '@server/modules/withdraw/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { databasePool, databaseState } from './repository.ts';

/** A readiness answer is reused this long: a flood of probes costs one database query and one RPC call a second. */
export const READY_CACHE_MS = 1000;
/** A check that has not answered by then fails (a load balancer's probe times out after a few seconds). */
export const READY_TIMEOUT_MS = 3000;

/** What the ops routes keep per app context: start time, whether it is shutting down, the caches, the last state. */
interface OpsState {
  startedAt: number;
  closing: boolean;
  ready: TtlCache<'ready', Readiness>;
  /** The failing parts last logged, so a failure is logged when it starts and ends, not on every probe. */
  lastFailing: string;
  gauges: TtlCache<string, unknown>;
  solvency: TtlCache<'solvency', { at: number; value: Awaited<ReturnType<typeof solvency>> }>;
}

const states = new WeakMap<AppContext, OpsState>();

function stateOf(ctx: AppContext): OpsState {
  let s = states.get(ctx);
  if (!s) {
    s = {
      startedAt: performance.now(),
      closing: false,
      ready: new TtlCache(READY_CACHE_MS, 1),
      lastFailing: '',
      gauges: new TtlCache(ctx.config.ops.metrics.cacheMs, 16),
      solvency: new TtlCache(ctx.config.ops.metrics.solvencyCacheMs, 1),
    };
    states.set(ctx, s);
  }
  return s;
}

/** The process is stopping (SIGTERM): /ready answers 503 `shutting_down` from now on. */
export function markShuttingDown(ctx: AppContext): void {
  const s = stateOf(ctx);
  s.closing = true;
  s.ready.clear();
}

/** True once markShuttingDown ran. */
export const isShuttingDown = (ctx: AppContext) => states.get(ctx)?.closing === true;

/**
 * Seconds since the app's ops state began, on the monotonic clock (a wall clock stepped back by NTP cannot make it
 * negative). The state is read first: it is created on its first use, and reading the clock before creating it
 * gave -1 on the first probe, which the answer's schema refuses (the liveness probe answered 500).
 */
export function uptimeSeconds(ctx: AppContext): number {
  const { startedAt } = stateOf(ctx);
  return Math.floor(Math.max(0, performance.now() - startedAt) / 1000);
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

interface Check {
  ok: boolean;
  detail: string;
  /** Why it failed, for the log only: /ready is public, and an error may name a host or an RPC key. */
  cause?: unknown;
}

async function checkDatabase(ctx: AppContext): Promise<Check> {
  try {
    const { applied, pending } = await withTimeout(databaseState(ctx.db), 'database');
    if (pending.length > 0)
      return {
        ok: false,
        detail: `reachable, ${pending.length} migration(s) not applied (${pending.join(', ')})`,
      };
    return { ok: true, detail: `reachable, ${applied} migrations applied` };
  } catch (cause) {
    return { ok: false, detail: 'not reachable or not migrated', cause };
  }
}

async function checkChain(ctx: AppContext): Promise<Check> {
  try {
    const head = await withTimeout(chainHead(ctx), 'chain RPC');
    const ageSeconds = Math.max(0, Math.round((Date.now() - head.time.getTime()) / 1000));
    const maxMs = ctx.config.ops.readyMaxBlockAgeMs;
    const seen = `head block ${head.number}, ${ageSeconds} s old`;
    if (maxMs > 0 && ageSeconds * 1000 > maxMs)
      return { ok: false, detail: `${seen}: older than ${maxMs / 1000} s (READY_MAX_BLOCK_AGE_SECONDS)` };
    return { ok: true, detail: seen };
  } catch (cause) {
    return { ok: false, detail: 'the RPC does not answer', cause };
  }
}

async function checkPrices(ctx: AppContext): Promise<Check> {
  try {
    const h = await withTimeout(priceHealth(ctx.prices, ctx.config.price.source), 'price source');
    const age = Number.isFinite(h.ageSeconds) ? `price ${Math.round(h.ageSeconds)} s old` : 'no price yet';
    const seen = `${h.source}: ${age}${h.paused ? ', paused' : ''}`;
    return { ok: h.fresh, detail: h.reason ? `${seen} (${h.reason})` : seen };
  } catch (cause) {
    return { ok: false, detail: 'the price source does not answer', cause };
  }
}

/**
 * GET /ready: every part checked at once, each within READY_TIMEOUT_MS; the answer is reused for READY_CACHE_MS.
 * A change of the failing parts is logged (with the causes), once.
 */
export async function readiness(ctx: AppContext, log: FastifyBaseLogger): Promise<Readiness> {
  const state = stateOf(ctx);
  const answer = await state.ready.getOrLoad('ready', async () => {
    const [database, chain, prices] = await Promise.all([
      checkDatabase(ctx),
      checkChain(ctx),
      checkPrices(ctx),
    ]);
    const checks: Record<ReadyCheckName, Check> = { database, chain, prices };
    const failing: Readiness['failing'] = (Object.keys(checks) as ReadyCheckName[]).filter(
      (k) => !checks[k].ok,
    );
    if (state.closing) failing.push('shutting_down');
    const key = failing.join(',');
    if (key !== state.lastFailing) {
      state.lastFailing = key;
      const causes = Object.fromEntries(
        Object.entries(checks)
          .filter(([, c]) => c.cause)
          .map(([k, c]) => [k, c.cause instanceof Error ? c.cause.message : String(c.cause)]),
      );
      if (failing.length > 0) log.warn({ failing, checks: strip(checks), causes }, 'not ready');
      else log.info({ checks: strip(checks) }, 'ready');
    }
    return { ready: failing.length === 0, failing, checks: strip(checks) };
  });
  return answer as Readiness;
}

const strip = (checks: Record<ReadyCheckName, Check>): Readiness['checks'] => ({
  database: { ok: checks.database.ok, detail: checks.database.detail },
  chain: { ok: checks.chain.ok, detail: checks.chain.detail },
  prices: { ok: checks.prices.ok, detail: checks.prices.detail },
});

const PROOF_STATUSES = porSnapshotStatus.options;

/** A token amount as a float of whole tokens: for a gauge only (monitoring), never for money. */
const tokens = (amount: string) => Number(amount);

/**
 * Sets the gauges read from outside the process before a scrape: each part from its cache (METRICS_CACHE_SECONDS,
 * METRICS_SOLVENCY_CACHE_SECONDS), so scrapes cost no query or RPC call between refreshes, and solvency's sums are
 * never read per scrape. A part that cannot be read is counted (agc_metrics_collect_failures_total) and its series
 * are left out of this scrape (the unlabelled ones read NaN: unknown) rather than showing old values.
 */
export async function refreshGauges(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const m = metricsOf(ctx);
  const state = stateOf(ctx);
  const cached = <T>(key: string, load: () => Promise<T>) => state.gauges.getOrLoad(key, load) as Promise<T>;
  const part = async (name: string, reset: () => void, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      reset();
      m.collectFailures.inc({ part: name });
      log.warn(
        { part: name, err: err instanceof Error ? err.message : String(err) },
        'metrics: a part was not read',
      );
    }
  };

  // The pool first: the parts below take connections for their queries (a query waits in the pool's queue until
  // the next tick even when a connection is idle), so read after them it would count this scrape as the load.
  await part(
    'db_pool',
    () => m.dbPoolConnections.reset(),
    async () => {
      const pool = databasePool(ctx.db);
      if (!pool) return;
      m.dbPoolConnections.set({ state: 'total' }, pool.total);
      m.dbPoolConnections.set({ state: 'idle' }, pool.idle);
      m.dbPoolConnections.set({ state: 'waiting' }, pool.waiting);
      m.dbPoolConnections.set({ state: 'max' }, pool.max);
    },
  );
  await Promise.all([
    part(
      'withdrawals',
      () => m.withdrawalsWaiting.reset(),
      async () => {
        const rows = await cached('withdrawals', () => waitingWithdrawals(ctx.db));
        for (const state of WAITING_WITHDRAW_STATES)
          for (const asset of ['USDT', 'AGC'] as const)
            m.withdrawalsWaiting.set(
              { state, asset },
              rows.find((r) => r.state === state && r.asset === asset)?.count ?? 0,
            );
      },
    ),
    part(
      'fund_subscriptions',
      () => m.fundSubscriptionsWaiting.reset(),
      async () => {
        const rows = await cached('subscriptions', () => waitingSubscriptions(ctx.db));
        for (const state of WAITING_SUBSCRIPTION_STATES)
          m.fundSubscriptionsWaiting.set({ state }, rows.find((r) => r.state === state)?.count ?? 0);
      },
    ),
    part(
      'chain',
      () => {
        for (const g of [
          m.chainHeadBlock,
          m.chainHeadAge,
          m.chainFinalBlock,
          m.watcherCursorBlock,
          m.watcherLagBlocks,
          m.watcherLagSeconds,
        ])
          g.set(Number.NaN); // unknown, not 0 (0 would read as "caught up")
      },
      async () => {
        const w = await cached('chain', () => watcherStatus(ctx));
        m.chainHeadBlock.set(Number(w.head.number));
        m.chainHeadAge.set(Math.max(0, (Date.now() - w.head.time.getTime()) / 1000));
        m.chainFinalBlock.set(Number(w.final.number));
        m.watcherCursorBlock.set(Number(w.cursor.number));
        m.watcherLagBlocks.set(Number(w.lagBlocks));
        m.watcherLagSeconds.set(w.lagSeconds);
      },
    ),
    part(
      'prices',
      () => {
        m.priceAge.reset();
        m.pricePaused.reset();
      },
      async () => {
        const h = await priceHealth(ctx.prices, ctx.config.price.source);
        m.priceAge.set({ source: h.source }, h.ageSeconds);
        m.pricePaused.set({ source: h.source }, h.paused ? 1 : 0);
      },
    ),
    part(
      'solvency',
      () => {
        m.solvencyCoverage.reset();
        m.solvencyAssets.reset();
        m.solvencyLiabilities.reset();
        m.solvencyAge.set(Number.NaN);
      },
      async () => {
        const read = await state.solvency.getOrLoad('solvency', async () => {
          const value = await solvency(ctx);
          return { at: Date.now(), value };
        });
        if (!read) throw new Error('solvency: nothing read');
        for (const a of read.value.assets) {
          const ratio = (bp: string | null) => (bp === null ? Number.POSITIVE_INFINITY : Number(bp) / 10_000);
          const due72 = a.buckets.find((b) => b.key === 'h72');
          m.solvencyAssets.set({ asset: a.asset }, tokens(a.assets));
          m.solvencyLiabilities.set({ asset: a.asset, horizon: 'all' }, tokens(a.liabilities));
          m.solvencyLiabilities.set({ asset: a.asset, horizon: '72h' }, tokens(a.due_72h));
          m.solvencyCoverage.set({ asset: a.asset, horizon: 'all' }, ratio(a.coverage_bp));
          m.solvencyCoverage.set({ asset: a.asset, horizon: '72h' }, ratio(due72?.coverage_bp ?? null));
        }
        m.solvencyAge.set((Date.now() - read.at) / 1000);
      },
    ),
    part(
      'proofs',
      () => {
        m.proofLatestStatus.reset();
        m.proofLastPublished.set(Number.NaN);
      },
      async () => {
        const h = await cached('proofs', () => proofHealth(ctx.db));
        for (const status of PROOF_STATUSES) m.proofLatestStatus.set({ status }, h.status === status ? 1 : 0);
        m.proofLastPublished.set(h.lastPublished ? h.lastPublished.getTime() / 1000 : 0);
      },
    ),
  ]);
}
