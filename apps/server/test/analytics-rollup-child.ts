/**
 * One server process's rollup run for the analytics PostgreSQL test: runs the job's work once at the given instant
 * on the given database and prints the days it computed (JSON).
 */
import { openDb } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { loadConfig } from '@server/config.ts';
import type { AppContext } from '@server/context.ts';
import { rollUpClosedDays } from '@server/modules/analytics/index.ts';

const [url, now] = process.argv.slice(2);
const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
const handle = await openDb({ kind: 'postgres', url: defined(url), poolSize: 1 });
const ctx = { config, db: handle.db, now: () => new Date(defined(now)) } as unknown as AppContext;
const days = await rollUpClosedDays(ctx);
console.log(JSON.stringify(days));
await handle.close();
