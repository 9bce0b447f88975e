/**
 * `npm run bench`: measures, in one run,
 *  1. GET /api/v1/me (authenticated) on the built server with 50 connections, on PGlite and (when
 *     reachable) PostgreSQL, next to a bare Fastify route; prints requests/s, p99 and the ratio.
 *     Target on PostgreSQL: ratio ≥ 0.30 and p99 ≤ 25 ms.
 *  2. The JavaScript each route loads, as sent (brotli), against its budget (scripts/web-budget.ts).
 *  3. and 4. Order confirmation latency and payment ingestion throughput (bench/orders.ts).
 *  5. Daily settlement at 100k and 1M members, its naive baseline, me/tree latency (bench/settlement.ts).
 *  6. Withdrawal requests per second and p99 on PostgreSQL, with a per-request baseline (bench/withdraw.ts).
 *  7. Fund NAV publication with 100k subscriptions and 100k redemptions, with a per-order baseline (bench/funds-nav.ts).
 *  8. Simple-earn daily interest for 1M holders, with a per-member loop baseline (bench/earn-interest.ts).
 *  9. Launchpad: 1,000 concurrent buyers of a 200-copy round, time to sell out and p99 (bench/launchpad-buy.ts).
 * 11. Admin analytics: 90 days at 1M members and 10M ledger transfers, rollups vs the plain aggregate (bench/analytics.ts).
 * 10. The same over real HTTP: 1 and 2 built server processes, the buyers in this process (bench/launchpad-http.ts).
 * 12. Proof of liabilities at 1M members (bench/proofs.ts); 13. the admin solvency view's ledger side at 1M members
 *     (bench/solvency.ts).
 * Each heavy figure is printed beside a floor measured in the same run, with the ratio and met / NOT met (bench/floor.ts).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { devAccount, devQuoteSigner, devVoucherSigner } from '@agc/contracts';
import { defined } from '@agc/shared/defined';
import { toHex } from 'viem';
import { apiSession } from '../e2e/support/api.ts';
import { checkBudgets, formatBudgets, WEB_DIST } from '../scripts/web-budget.ts';
import { runAnalyticsBenchmark } from './analytics.ts';
import { runEarnInterestBenchmark } from './earn-interest.ts';
import { runFundNavBenchmark } from './funds-nav.ts';
import { load, loadAll, type Result, startBareServer, startBuiltServer } from './http.ts';
import { runLaunchpadBenchmark } from './launchpad-buy.ts';
import { runLaunchpadHttpBenchmark } from './launchpad-http.ts';
import { runOrderBenchmarks } from './orders.ts';
import { dropPgDatabase, freshPgDatabase } from './pg.ts';
import { runProofBenchmark } from './proofs.ts';
import { runSettlementBenchmarks } from './settlement.ts';
import { runSolvencyBenchmark } from './solvency.ts';
import { runWithdrawBenchmark } from './withdraw.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Every process of one measured setup signs and checks sessions with the same secret. */
const SECRET = randomBytes(32).toString('hex');

/**
 * /me on `processes` built servers over one database (the first one started seeds it; the others share
 * its chain and its JWT secret, as behind a load balancer), the connections split between them.
 */
async function benchServer(
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
  processes = 1,
  requestHeaders: Record<string, string> = {},
) {
  const first = await startBuiltServer(databaseUrl, { JWT_SECRET: SECRET, ...extraEnv });
  const servers = [first];
  try {
    if (processes > 1) {
      const config = (await (await fetch(`${first.base}/api/v1/config`)).json()).data;
      const deployment = JSON.parse(readFileSync(join(first.dataDir, 'chain/deployment.json'), 'utf8'));
      for (let i = 1; i < processes; i++)
        servers.push(
          await startBuiltServer(databaseUrl, {
            JWT_SECRET: SECRET,
            PUBLIC_ORIGIN: first.base,
            CHAIN_RPC_URL: config.rpc_url,
            AGC_ADDRESS: deployment.agc,
            USDT_ADDRESS: deployment.usdt,
            TRANSFER_ADDRESS: deployment.transfer,
            VAULT_ADDRESS: deployment.vault,
            TRANSFER_START_BLOCK: String(deployment.blockNumber),
            SIGNER_PRIVATE_KEY: toHex(defined(devVoucherSigner().getHdKey().privateKey)),
            QUOTE_SIGNER_PRIVATE_KEY: toHex(defined(devQuoteSigner().getHdKey().privateKey)),
            CHAIN_FINALITY: 'confirmations',
            // The same market price source as the first process: the local chain's pool and feeds.
            PRICE_POOL_ADDRESS: deployment.market.pool,
            ETH_USD_FEED_ADDRESS: deployment.market.ethUsdFeed,
            SEQUENCER_UPTIME_FEED_ADDRESS: deployment.market.sequencerFeed,
            ...extraEnv,
          }),
        );
    }
    const { headers } = await apiSession(first.base, devAccount(0));
    const check = await (await fetch(`${defined(servers.at(-1)).base}/api/v1/me`, { headers })).json();
    if (check.code !== 200) throw new Error(`me failed: ${JSON.stringify(check)}`);
    return await loadAll(
      servers.map((x) => `${x.base}/api/v1/me`),
      { ...headers, ...requestHeaders },
      CONNECTIONS,
      DURATION,
    );
  } finally {
    for (const x of servers.reverse()) await x.stop();
  }
}

async function benchBare(): Promise<Result> {
  const bare = await startBareServer();
  try {
    return await load(`${bare.base}/bare`);
  } finally {
    await bare.stop();
  }
}

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   errors ${r.errors}   non-2xx ${r.non2xx}`;

/** `BENCH_PARTS` (comma-separated: me, compress, bundle, orders, settlement, withdraw, funds, earn, launchpad, launchpad-http, analytics, proofs, solvency) runs some of them; all by default. */
const PARTS = new Set(
  (
    process.env.BENCH_PARTS ??
    'me,compress,bundle,orders,settlement,withdraw,funds,earn,launchpad,launchpad-http,analytics,proofs,solvency'
  ).split(','),
);

async function benchMe() {
  console.log(
    `GET /api/v1/me (authenticated), ${CONNECTIONS} connections, ${DURATION} s each, on ${process.env.HOSTNAME ?? 'this machine'}\n`,
  );
  const bare = await benchBare();
  console.log(`bare Fastify route    ${fmt(bare)}`);
  const lite = await benchServer();
  console.log(`/me on PGlite         ${fmt(lite)}   ratio ${(lite.rps / bare.rps).toFixed(2)}`);
  // Each setup on a database of its own: a database remembers the chain its server read, and every
  // setup starts a fresh local chain.
  const onPgDb = async (env: Record<string, string> = {}, processes = 1) => {
    const url = await freshPgDatabase(
      PG_URL,
      'agc_bench_',
      (reason) => `PostgreSQL not reachable at ${PG_URL} (${reason}): PostgreSQL figures skipped`,
    );
    if (!url) return null;
    try {
      return await benchServer(url, env, processes);
    } finally {
      await dropPgDatabase(PG_URL, url);
    }
  };
  const onPg = await onPgDb();
  if (!onPg) return;
  const ratio = onPg.rps / bare.rps;
  console.log(`/me on PostgreSQL     ${fmt(onPg)}   ratio ${ratio.toFixed(2)}`);
  console.log(
    `  target on PostgreSQL: ratio ≥ 0.30 (${ratio >= 0.3 ? 'met' : 'NOT met'}), p99 ≤ 25 ms (${onPg.p99 <= 25 ? 'met' : 'NOT met'})`,
  );
  // The same without the member snapshot cache: every request reads PostgreSQL (one query).
  const uncached = defined(await onPgDb({ MEMBER_CACHE_TTL_MS: '0' }));
  console.log(
    `/me on PostgreSQL, no member cache ${fmt(uncached)}   ratio ${(uncached.rps / bare.rps).toFixed(2)}`,
  );
  // Scale-out: two processes on the one database, the same 50 connections split between them.
  const two = defined(await onPgDb({}, 2));
  console.log(
    `/me on PostgreSQL, 2 processes ${fmt(two)}   ${(two.rps / onPg.rps).toFixed(2)}× one process (${cpus().length} cores, shared with PostgreSQL, anvil and the load generator)`,
  );
}

/**
 * /me with API compression off and on (HTTP_COMPRESSION), every request saying `Accept-Encoding: br, gzip` as a
 * browser does, alternated over BENCH_COMPRESS_ROUNDS rounds (default 2) on PGlite. /me is below the 1 KB
 * threshold, so compression on costs only the hook's check: the target is ≥ 0.95 of off.
 */
async function benchCompression() {
  const rounds = Number(process.env.BENCH_COMPRESS_ROUNDS ?? 2);
  const browser = { 'accept-encoding': 'br, gzip' };
  console.log(`\n/me with API compression off and on (Accept-Encoding: br, gzip), ${rounds} rounds, PGlite`);
  const off: Result[] = [];
  const on: Result[] = [];
  for (let i = 0; i < rounds; i++) {
    off.push(await benchServer(undefined, { HTTP_COMPRESSION: 'false' }, 1, browser));
    console.log(`  compression off    ${fmt(defined(off.at(-1)))}`);
    on.push(await benchServer(undefined, { HTTP_COMPRESSION: 'true' }, 1, browser));
    console.log(`  compression on     ${fmt(defined(on.at(-1)))}`);
  }
  const mean = (list: Result[]) => list.reduce((sum, r) => sum + r.rps, 0) / list.length;
  const ratio = mean(on) / mean(off);
  console.log(
    `  on / off: ${ratio.toFixed(3)} (mean req/s ${mean(on).toFixed(0)} / ${mean(off).toFixed(0)}); target ≥ 0.95 (${ratio >= 0.95 ? 'met' : 'NOT met'})`,
  );
}

/** Each route's JavaScript as sent (brotli), from the build's manifest: the figures `npm test` holds to budgets. */
function benchBundle() {
  // BENCH_WEB_DIST: measure a web build made elsewhere (`vite build --outDir`), leaving apps/web/dist alone.
  const results = checkBudgets(process.env.BENCH_WEB_DIST ?? WEB_DIST);
  console.log('\nJavaScript per route, as sent (brotli; scripts/web-budget.ts)');
  console.log(formatBudgets(results, true));
}

async function main() {
  if (PARTS.has('me')) await benchMe();
  if (PARTS.has('compress')) await benchCompression();
  if (PARTS.has('bundle')) benchBundle();
  if (PARTS.has('orders')) await runOrderBenchmarks();
  if (PARTS.has('settlement')) await runSettlementBenchmarks();
  if (PARTS.has('withdraw')) await runWithdrawBenchmark();
  if (PARTS.has('funds')) await runFundNavBenchmark();
  if (PARTS.has('earn')) await runEarnInterestBenchmark();
  if (PARTS.has('launchpad')) await runLaunchpadBenchmark();
  if (PARTS.has('launchpad-http')) await runLaunchpadHttpBenchmark();
  if (PARTS.has('analytics')) await runAnalyticsBenchmark();
  if (PARTS.has('proofs')) await runProofBenchmark();
  if (PARTS.has('solvency')) await runSolvencyBenchmark();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
