// PostgreSQL databases of the benchmarks' own: created empty on the server of an admin URL, dropped (with
// force: a stopped server may leave connections behind) afterwards.
import { readFileSync } from 'node:fs';
import { type DbOrTx, rowsOf } from '@agc/db';
import { withDatabase } from '@agc/db/testing';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import pg from 'pg';

/** The PostgreSQL server of the benchmarks (they make and drop databases of their own on it). */
export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A benchmark's size or setting from the environment, else `fallback`. */
export const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** Runs `f` on a connection to `adminUrl`, then closes it. */
export async function onAdmin<T>(adminUrl: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/**
 * A new empty database named `prefix` + the time (base 36) and its URL; undefined, after printing
 * `unreachable(reason)`, when the server cannot be reached.
 */
export async function freshPgDatabase(
  adminUrl: string,
  prefix: string,
  unreachable: (reason: string) => string,
): Promise<string | undefined> {
  try {
    const name = `${prefix}${Date.now().toString(36)}`;
    await onAdmin(adminUrl, (c) => c.query(`create database "${name}"`));
    return withDatabase(adminUrl, name);
  } catch (e) {
    console.log(unreachable((e as Error).message));
    return undefined;
  }
}

/** Drops the database of `url` (on the server of `adminUrl`). */
export async function dropPgDatabase(adminUrl: string, url: string): Promise<void> {
  await onAdmin(adminUrl, (c) =>
    c.query(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`),
  );
}

/**
 * The app's test server on a fresh database of the PostgreSQL at `url` (the test helpers' template clone), or null
 * with a "skipped" line when that server cannot be reached. DATABASE_URL is set only while it starts.
 */
export async function pgTestServer(
  url: string,
  env: Record<string, string> = {},
): Promise<import('../apps/server/test/helpers.ts').TestServer | null> {
  try {
    await onAdmin(url, (c) => c.query('select 1'));
  } catch (e) {
    console.log(`PostgreSQL unreachable at ${url} (${(e as Error).message}): skipped`);
    return null;
  }
  const { startTestServer } = await import('../apps/server/test/helpers.ts');
  const previous = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  try {
    return await startTestServer(env);
  } finally {
    if (previous === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previous;
  }
}

/**
 * CPU seconds used so far by the PostgreSQL backends of `db`'s database (from /proc: the server runs on this
 * machine; 0 elsewhere) and by this process. With other work on the machine the wall time stretches; the CPU time
 * of one transaction does not, so the benchmarks print both.
 */
export async function cpuNow(db: DbOrTx): Promise<{ pg: number; node: number }> {
  const pids = rowsOf<{ pid: number }>(
    await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`),
  );
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = defined(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Not on this machine, or gone.
    }
  }
  const own = process.cpuUsage();
  return { pg: ticks / 100, node: (own.user + own.system) / 1e6 };
}
