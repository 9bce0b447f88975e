import type { AppContext } from '@server/context.ts';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every Prometheus series the server exposes (GET /metrics), defined once. One registry per app context (tests
 * build several apps in one process, each with its own numbers); the HTTP plugin and the job scheduler record
 * into it as things happen, the ops module sets the gauges read from the database and the chain on each scrape
 * (cached: modules/ops). Labels take bounded values only: route patterns, never raw URLs; job names; states;
 * assets.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const gauge = (name: string, help: string, labelNames: string[] = []) =>
    new Gauge({ name, help, labelNames, registers });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'agc_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status code: time from arrival to the answer sent',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    jobRuns: new Counter({
      name: 'agc_job_runs_total',
      help: 'Background job runs in this process (the lease holder), by job and outcome (ok, failed)',
      labelNames: ['job', 'outcome'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'agc_job_duration_seconds',
      help: 'How long each background job run took, failed runs included',
      labelNames: ['job'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    }),
    jobConsecutiveFailures: gauge(
      'agc_job_consecutive_failures',
      'Failed runs in a row of each job in this process (0 after a run that succeeds)',
      ['job'],
    ),
    jobLastSuccess: gauge(
      'agc_job_last_success_timestamp_seconds',
      'When each job last ran to completion in this process (Unix seconds)',
      ['job'],
    ),
    chainEventsIngested: new Counter({
      name: 'agc_chain_events_ingested_total',
      help: 'Contract events this process ingested (stored once and applied) as the chain watcher',
      registers,
    }),
    chainHeadBlock: gauge('agc_chain_head_block', "The chain's newest block number"),
    chainHeadAge: gauge('agc_chain_head_age_seconds', "Seconds since the chain's newest block was made"),
    chainFinalBlock: gauge(
      'agc_chain_final_block',
      'The newest block whose events count (finalized, safe, or the head less the confirmations)',
    ),
    watcherCursorBlock: gauge(
      'agc_chain_watcher_cursor_block',
      'The last block the chain watcher has fully ingested',
    ),
    watcherLagBlocks: gauge(
      'agc_chain_watcher_lag_blocks',
      'Final blocks the chain watcher has not ingested yet (0 when caught up)',
    ),
    watcherLagSeconds: gauge(
      'agc_chain_watcher_lag_seconds',
      "Chain time between the watcher's cursor block and the final block (0 when caught up)",
    ),
    withdrawalsWaiting: gauge(
      'agc_withdrawals_waiting',
      'Withdrawals waiting, by state (Auditing: for an admin; Withdrawable: for the member to claim) and asset',
      ['state', 'asset'],
    ),
    fundSubscriptionsWaiting: gauge(
      'agc_fund_subscriptions_waiting',
      'Fund subscriptions waiting, by state (UnPaid, Paid: payment reported, Processing: paid, waiting for a NAV)',
      ['state'],
    ),
    priceAge: gauge('agc_price_age_seconds', 'Age of the price in use, by price source', ['source']),
    pricePaused: gauge(
      'agc_price_paused',
      '1 when quotes that need the price are refused (stale, thin or jumping market), by price source',
      ['source'],
    ),
    solvencyCoverage: gauge(
      'agc_solvency_coverage_ratio',
      'Treasury balance over member liabilities per asset: horizon 72h (payable within 72 hours) or all; +Inf when nothing is owed',
      ['asset', 'horizon'],
    ),
    solvencyAssets: gauge(
      'agc_solvency_assets',
      "The treasury's balance per asset, in whole tokens (monitoring only: a float)",
      ['asset'],
    ),
    solvencyLiabilities: gauge(
      'agc_solvency_liabilities',
      'Member liabilities per asset and horizon, in whole tokens (monitoring only: a float)',
      ['asset', 'horizon'],
    ),
    solvencyAge: gauge(
      'agc_solvency_read_age_seconds',
      'Seconds since the solvency gauges were read (they are reused between scrapes)',
    ),
    proofLatestStatus: gauge(
      'agc_proof_latest_snapshot_status',
      'The newest proof-of-liabilities snapshot: 1 for its status (building, built, unbalanced, publishing, published, failed, conflict), 0 for the others',
      ['status'],
    ),
    proofLastPublished: gauge(
      'agc_proof_last_published_timestamp_seconds',
      'When the last proof-of-liabilities snapshot was published and final on chain (unix seconds; 0: never)',
    ),
    dbPoolConnections: gauge(
      'agc_db_pool_connections',
      "This process's PostgreSQL pool (none on PGlite): connections by state (total, idle, waiting = queries queued for one, max = DATABASE_POOL_SIZE)",
      ['state'],
    ),
    collectFailures: new Counter({
      name: 'agc_metrics_collect_failures_total',
      help: 'Scrapes where a part of the gauges could not be read (its series are left out of that scrape)',
      labelNames: ['part'],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const byContext = new WeakMap<AppContext, Metrics>();

/** The metrics of an app context (created on first use). */
export function metricsOf(ctx: AppContext): Metrics {
  let m = byContext.get(ctx);
  if (!m) {
    m = createMetrics();
    byContext.set(ctx, m);
  }
  return m;
}

/** The process's own series (CPU, memory, event loop lag, GC): the server process only, not every test app. */
export function collectProcessMetrics(metrics: Metrics): void {
  collectDefaultMetrics({ register: metrics.registry });
}
