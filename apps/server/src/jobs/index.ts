import type { AppContext } from '@server/context.ts';
import type { Job } from '@server/lib/jobs.ts';
import { Lease, newHolderId } from '@server/lib/leases.ts';
import { metricsOf } from '@server/lib/metrics.ts';
import { analyticsJobs } from '@server/modules/analytics/index.ts';
import { maintenanceJob } from '@server/modules/auth/index.ts';
import { ChainWatcher, type WatcherHooks } from '@server/modules/chain/index.ts';
import { earnJobs } from '@server/modules/earn/index.ts';
import { exchangeJobs } from '@server/modules/exchange/index.ts';
import { fundJobs, fundPaymentHandlers } from '@server/modules/funds/index.ts';
import { launchpadJobs } from '@server/modules/launchpad/index.ts';
import { ledgerJobs } from '@server/modules/ledger/index.ts';
import { priceRetentionJob, priceSamplerJob } from '@server/modules/pricing/index.ts';
import { proofJobs } from '@server/modules/proofs/index.ts';
import { settlementJob } from '@server/modules/rewards/index.ts';
import { roleRequestExpiryJob } from '@server/modules/roles/index.ts';
import { orderExpiryJob, paymentEvents } from '@server/modules/shop/index.ts';
import { applyPendingTeamVolume } from '@server/modules/team/index.ts';
import { vitalsRetentionJob } from '@server/modules/vitals/index.ts';
import { vaultEventHandler } from '@server/modules/withdraw/index.ts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The chain watcher with every module's events: the shop's payments and the withdrawals' vault. The one
 * place that puts them together, so the chain module imports none of them.
 */
export const createChainWatcher = (ctx: AppContext, hooks?: WatcherHooks) =>
  new ChainWatcher(ctx, [paymentEvents, vaultEventHandler, ...fundPaymentHandlers], hooks);

export interface Jobs {
  watcher: ChainWatcher;
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 30_000;

/** A job as this runner schedules it: the watcher is not leased (it holds a lease of its own). */
interface JobSpec {
  name: string;
  everyMs: number;
  firstDelayMs?: number;
  run(): Promise<void>;
  leased: boolean;
}

/** Every module's background work besides the chain watcher (each is leased: one process runs it). */
export const MODULE_JOBS: readonly Job[] = [
  orderExpiryJob,
  settlementJob,
  maintenanceJob,
  ...fundJobs,
  ...earnJobs,
  ...launchpadJobs,
  ...exchangeJobs,
  ...analyticsJobs,
  roleRequestExpiryJob,
  priceSamplerJob,
  priceRetentionJob,
  vitalsRetentionJob,
  ...proofJobs,
  ...ledgerJobs,
];

/**
 * The background jobs of one server process. Each job has its own timer and never overlaps itself; a
 * failing run is logged and retried with backoff (doubling up to 30 s) without stopping the others or
 * the server. With several processes on one database every job runs in one of them at a time: the one
 * holding its lease (job_leases, the database's clock). A process that dies, even by `kill -9`, stops
 * renewing its leases, and another takes each over when it runs out (JOB_LEASE_SECONDS).
 *
 * - chain watcher (WATCHER_POLL_MS): ingests final payment and vault events, then the team volume of
 *   what it confirmed;
 * - each module's jobs (`jobs.ts`, listed in MODULE_JOBS): order expiry (shop, 10 s), the daily
 *   settlement (rewards, 1 min), maintenance (auth, 10 min), the proof-of-liabilities snapshot after each
 *   settlement (proofs, 1 min) and its publication (10 s), and the hourly retention of the growing tables (price
 *   readings, Core Web Vitals, old snapshots' proof leaves and nodes), and the ledger's running member totals
 *   folded (10 s) and checked against the full sum of the balances (hourly).
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): Jobs {
  const holder = newHolderId();
  const watcher = createChainWatcher(ctx);
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const leases: Lease[] = [];
  const metrics = metricsOf(ctx);

  const specs: JobSpec[] = [
    {
      name: 'chain-watcher',
      everyMs: ctx.config.watcher.pollMs,
      leased: false,
      run: async () => {
        let r = await watcher.pollOnce();
        while (r.leader && (r.toBlock !== undefined || r.reorg) && !stopped) {
          if (r.reorg)
            log.error(
              { ...r.reorg, from: String(r.reorg.from), to: String(r.reorg.to) },
              'chain reorganised below the watcher cursor: range read again; orphaned events need an audit',
            );
          metrics.chainEventsIngested.inc(r.ingested);
          if (r.ingested > 0)
            log.info(
              { from: String(r.fromBlock), to: String(r.toBlock), ingested: r.ingested },
              'chain events ingested',
            );
          await applyPendingTeamVolume(ctx);
          r = await watcher.pollOnce();
        }
        if (r.leader) await applyPendingTeamVolume(ctx);
      },
    },
    ...MODULE_JOBS.map((job) => ({ ...job, leased: true, run: () => job.run(ctx, log) })),
  ];

  for (const spec of specs) {
    const lease = spec.leased ? new Lease(ctx.db, `job:${spec.name}`, holder, ctx.config.jobLeaseMs) : null;
    if (lease) leases.push(lease);
    let failures = 0;

    const job = { job: spec.name };
    metrics.jobConsecutiveFailures.set(job, 0);
    /** One run, timed and counted in the metrics when this process runs it (it holds the lease). */
    const runOnce = async () => {
      if (lease && !(await lease.acquire())) return;
      // Renew while a long run (a big settlement) goes on, so no other process takes over meanwhile.
      const heartbeat = lease
        ? setInterval(() => void lease.acquire().catch(() => {}), Math.max(1000, ctx.config.jobLeaseMs / 3))
        : undefined;
      const timer = metrics.jobDuration.startTimer(job);
      try {
        await spec.run();
        metrics.jobRuns.inc({ ...job, outcome: 'ok' });
        metrics.jobLastSuccess.set(job, Date.now() / 1000);
      } catch (err) {
        metrics.jobRuns.inc({ ...job, outcome: 'failed' });
        throw err;
      } finally {
        timer();
        if (heartbeat) clearInterval(heartbeat);
      }
    };

    const schedule = (delay: number) => {
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        const p = runOnce()
          .then(() => {
            failures = 0;
            metrics.jobConsecutiveFailures.set(job, 0);
          })
          .catch((err) => {
            failures += 1;
            metrics.jobConsecutiveFailures.set(job, failures);
            log.warn(
              { job: spec.name, err: err instanceof Error ? err.message : String(err), failures },
              'background job failed; retrying',
            );
          })
          .finally(() => {
            running.delete(p);
            schedule(failures === 0 ? spec.everyMs : Math.min(MAX_BACKOFF_MS, spec.everyMs * 2 ** failures));
          });
        running.add(p);
      }, delay);
      timers.add(timer);
    };
    schedule(spec.firstDelayMs ?? spec.everyMs);
  }

  return {
    watcher,
    stop: async () => {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      await Promise.all([...running]);
      await Promise.all([watcher.release(), ...leases.map((l) => l.release())].map((p) => p.catch(() => {})));
    },
  };
}
