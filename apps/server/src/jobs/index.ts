import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { PaymentWatcher } from '../modules/chain/watcher.ts';
import { settleDueDays } from '../modules/rewards/settlement.ts';
import { expireOrders } from '../modules/shop/orders.ts';
import { applyPendingTeamVolume } from '../modules/team/volume.ts';

export interface Jobs {
  watcher: PaymentWatcher;
  stop(): Promise<void>;
}

const EXPIRY_EVERY_MS = 10_000;
const SETTLEMENT_EVERY_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

/**
 * The background jobs of one server process, run one after another in a single loop (never
 * overlapping): the payment watcher (then the team volume of what it confirmed) every
 * WATCHER_POLL_MS, quote expiry every 10 s; and, on its own timer, the daily settlement of every
 * ended day not settled yet (checked every minute). A failing step is logged and retried with backoff
 * (doubling up to 30 s); it never stops the loop or the server.
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): Jobs {
  const watcher = new PaymentWatcher(ctx);
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let failures = 0;
  let lastExpiry = 0;

  const tick = async () => {
    try {
      let r = await watcher.pollOnce();
      while (r.leader && r.toBlock !== undefined && !stopped) {
        if (r.ingested > 0)
          log.info({ from: r.fromBlock, to: r.toBlock, ingested: r.ingested }, 'payments ingested');
        await applyPendingTeamVolume(ctx);
        r = await watcher.pollOnce();
      }
      await applyPendingTeamVolume(ctx);
      if (Date.now() - lastExpiry >= EXPIRY_EVERY_MS) {
        lastExpiry = Date.now();
        const n = await expireOrders(ctx.db, ctx.now(), ctx.config.shop.expiryGraceMs);
        if (n > 0) log.info({ canceled: n }, 'expired order quotes canceled');
      }
      failures = 0;
    } catch (err) {
      failures += 1;
      log.warn(
        { err: err instanceof Error ? err.message : String(err), failures },
        'background job failed; retrying',
      );
    }
  };

  const schedule = () => {
    if (stopped) return;
    const delay =
      failures === 0
        ? ctx.config.watcher.pollMs
        : Math.min(MAX_BACKOFF_MS, ctx.config.watcher.pollMs * 2 ** failures);
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, delay);
  };
  schedule();

  // The daily settlement on a timer of its own (a large day takes seconds; the watcher keeps reading the
  // chain meanwhile, its confirmations wait for the settlement's lock). Every process may try: the
  // settlement's lock and its run row let exactly one pay a day.
  let settleTimer: NodeJS.Timeout | undefined;
  let settling: Promise<void> = Promise.resolve();
  const settle = async () => {
    try {
      for (const run of await settleDueDays(ctx))
        log.info({ day: run.day, ms: run.duration_ms, totals: run.totals }, 'daily settlement done');
    } catch (err) {
      log.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'daily settlement failed; retrying',
      );
    }
  };
  const scheduleSettlement = (delay: number) => {
    if (stopped) return;
    settleTimer = setTimeout(() => {
      settling = settle().finally(() => scheduleSettlement(SETTLEMENT_EVERY_MS));
    }, delay);
  };
  scheduleSettlement(1000);

  return {
    watcher,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (settleTimer) clearTimeout(settleTimer);
      await settling;
      await running;
      await watcher.release().catch(() => {});
    },
  };
}
