import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { defined } from '@agc/shared/defined';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type the app codes against: the same for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; pass it down instead of the outer db (PGlite deadlocks otherwise). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute` result: node-postgres wraps them in `{ rows }`, PGlite's driver may not. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as T[];
}

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Only for PGlite: the embedded instance (tests snapshot it). */
  pglite?: PGlite;
  /** Only for PostgreSQL: the pool (tests open extra connections). */
  pool?: pg.Pool;
}

/**
 * Where the SQL migrations are: beside the sources, or copied next to a bundled server (apps/server/dist).
 */
export const migrationsFolder =
  [new URL('../migrations', import.meta.url), new URL('./migrations', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((p) => existsSync(join(p, 'meta/_journal.json'))) ??
  fileURLToPath(new URL('../migrations', import.meta.url));

export type DbOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Shown in pg_stat_activity (the servers name theirs, so a restore can see they are still running). */
      applicationName?: string;
      /** An idle pooled connection died (database restart, admin kill); the pool replaces it. */
      onIdleError?: (err: Error) => void;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export async function openDb(options: DbOptions): Promise<DbHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      ...(options.applicationName && { application_name: options.applicationName }),
    });
    // Without a listener, an idle client's error (e.g. the server terminating it) would crash the process.
    pool.on('error', (err) => options.onIdleError?.(err));
    // Fail at start-up, not at the first request.
    const probe = await pool.connect();
    probe.release();
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite({ client: pglite, schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/** Any fixed number: the advisory lock that serialises migrations of processes starting together. */
const MIGRATION_LOCK = 7_311_042;

export async function migrate(handle: DbHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    // Several server processes may start at once on one database: one migrates, the others wait for it
    // and then find nothing left to do. The lock lives on one connection, so the migration runs there.
    const client = await defined(handle.pool).connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await migratePg(drizzlePg({ client, schema }) as never, { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}

/** The migrations this build carries, oldest first (the journal drizzle-kit writes beside them). */
export function knownMigrations(): Array<{ tag: string; when: number }> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map((e) => ({ tag: e.tag, when: e.when }));
}

/**
 * Whether the database has every migration of this build (readiness): drizzle's migrator applies those newer than
 * the last one recorded (`created_at` is the migration's journal time), so the ones after it are pending. One
 * small query; a database never migrated has all of them pending.
 */
export async function migrationState(db: Db): Promise<{ applied: number; pending: string[] }> {
  const known = knownMigrations();
  const rows = rowsOf<{ last: string | number | null; n: string | number }>(
    await db.execute(sql`
      select max(created_at)::text as last, count(*)::text as n from drizzle.__drizzle_migrations`),
  ).at(0);
  const last = rows?.last == null ? -1 : Number(rows.last);
  return {
    applied: Number(rows?.n ?? 0),
    pending: known.filter((m) => m.when > last).map((m) => m.tag),
  };
}

/** The connection pool's use (PostgreSQL; undefined for PGlite, which has one connection and no pool). */
export function poolStats(db: Db): { total: number; idle: number; waiting: number; max: number } | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return undefined;
  return {
    total: client.totalCount,
    idle: client.idleCount,
    waiting: client.waitingCount,
    max: client.options.max ?? 10,
  };
}

/**
 * `COPY … FROM STDIN` on the connection of a node-postgres transaction: `statement` is the COPY statement, `chunks`
 * its data (text format, each chunk whole rows), written as the stream takes them. False, and nothing written, where
 * COPY from the client is not available (PGlite, or a handle that is not a transaction's): the caller inserts
 * another way. The rows are the transaction's like any statement's (rolled back with it).
 */
export async function copyIn(tx: DbOrTx, statement: string, chunks: AsyncIterable<string>): Promise<boolean> {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (!(client instanceof pg.Client)) return false;
  // pipeline waits for the COPY to be acknowledged, applies backpressure, and on a failure of the source ends the COPY
  // with an error, so the connection is not left in the middle of one.
  await pipeline(Readable.from(chunks), client.query(copyFrom(statement)));
  return true;
}
