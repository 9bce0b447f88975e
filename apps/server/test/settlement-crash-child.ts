/**
 * The settlement process the crash test kills: runs a day's settlement on the given database and,
 * with every write done but before the commit, says "ready" and waits to be killed (SIGKILL).
 */
import { openDb } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { loadConfig } from '@server/config.ts';
import type { AppContext } from '@server/context.ts';
import { createCaches } from '@server/lib/caches.ts';
import { priceSourceFrom } from '@server/modules/pricing/index.ts';
import { runSettlement } from '@server/modules/rewards/settlement.ts';

const [url, day, now] = process.argv.slice(2);
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
const handle = await openDb({ kind: 'postgres', url: defined(url), poolSize: 1 });
const ctx = {
  config,
  db: handle.db,
  prices: priceSourceFrom(config),
  now: () => new Date(defined(now)),
  cache: createCaches(0),
} as unknown as AppContext;
await runSettlement(ctx, defined(day), null, {
  beforeCommit: async () => {
    console.log('ready');
    await new Promise(() => {});
  },
});
