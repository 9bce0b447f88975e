/**
 * Runs one day's settlement in a process of its own, so its peak memory (max RSS) is the
 * settlement's alone: `node --import tsx bench/settlement-child.ts <database url> <day> [naive]`.
 * Prints one JSON line: wall time, peak RSS and the totals (or the naive baseline's figures).
 */
import { openDb } from '@agc/db';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { createCaches } from '../apps/server/src/lib/caches.ts';
import { priceSourceFrom } from '../apps/server/src/modules/pricing/index.ts';
import { runSettlement } from '../apps/server/src/modules/rewards/settlement.ts';
import { naiveDayVolume } from './settlement-naive.ts';

const [url, day, mode, budget] = process.argv.slice(2);
if (!url || !day) throw new Error('usage: settlement-child.ts <database url> <day> [naive <seconds>]');
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
const handle = await openDb({ kind: 'postgres', url, poolSize: 2 });
// The day is over: the settlement runs two days later.
const now = new Date(new Date(`${day}T00:00:00Z`).getTime() + 2 * 86_400_000);
const ctx = {
  config,
  db: handle.db,
  prices: priceSourceFrom(config),
  now: () => now,
  cache: createCaches(0),
} as unknown as AppContext;
const t0 = performance.now();
let out: Record<string, unknown>;
if (mode === 'naive') {
  out = await naiveDayVolume(handle.db, day, Number(budget ?? 30) * 1000);
} else {
  const phases: Record<string, number> = {};
  let last = performance.now();
  const run = await runSettlement(ctx, day, null, {
    phase: (name) => {
      const t = performance.now();
      phases[name] = Math.round(t - last);
      last = t;
    },
  });
  out = { totals: run.totals, phases };
}
out.ms = Math.round(performance.now() - t0);
out.maxRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
await handle.close();
console.log(JSON.stringify(out));
