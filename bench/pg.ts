// PostgreSQL databases of the benchmarks' own: created empty on the server of an admin URL, dropped (with
// force: a stopped server may leave connections behind) afterwards.
import { withDatabase } from '@agc/db/testing';
import pg from 'pg';

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
