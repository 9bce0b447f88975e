import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defined } from '@agc/shared/defined';
import pg from 'pg';
import { type DbHandle, migrate, openDb } from './client.ts';

/**
 * Test databases. With DATABASE_URL set, each call creates a fresh PostgreSQL database from a
 * migrated template (fast, and real locking); otherwise a PGlite loaded from a migrated snapshot.
 * The template or snapshot is made once per test run and reused by every file.
 */
export async function createTestDb(): Promise<DbHandle> {
  if (process.env.AGC_TEST_NO_DB === '1')
    throw new Error(
      'This test opens a database but runs in the `unit` project: put it in apps/server/test or name it *.db.test.ts',
    );
  const url = process.env.DATABASE_URL;
  return url ? createPgTestDb(url) : createPgliteTestDb();
}

async function createPgliteTestDb(): Promise<DbHandle> {
  const snapshot = join(tmpdir(), `agc-pglite-${migrationsStamp()}-${process.getuid?.() ?? 0}.tar.gz`);
  if (!existsSync(snapshot)) {
    const fresh = await openDb({ kind: 'pglite' });
    await migrate(fresh);
    const dump = await defined(fresh.pglite).dumpDataDir('gzip');
    await fresh.close();
    // Write then rename, so a parallel test file never reads a half-written snapshot.
    const partial = `${snapshot}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, snapshot);
  }
  return openDb({ kind: 'pglite', loadDataDir: new Blob([readFileSync(snapshot)]) });
}

async function createPgTestDb(url: string): Promise<DbHandle> {
  const template = `agc_tpl_${migrationsStamp()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // Serialise template creation across parallel test files.
    await admin.query('select pg_advisory_lock(424242)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${template}"`);
      const tpl = await openDb({ kind: 'postgres', url: withDatabase(url, template), poolSize: 1 });
      await migrate(tpl);
      await tpl.close();
    }
    await admin.query('select pg_advisory_unlock(424242)');
    const name = `agc_t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.query(`create database "${name}" template "${template}"`);
    const handle = await openDb({ kind: 'postgres', url: withDatabase(url, name) });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const drop = new pg.Client({ connectionString: url });
        await drop.connect();
        await drop.query(`drop database if exists "${name}" with (force)`);
        await drop.end();
      },
    };
  } finally {
    await admin.end();
  }
}

/**
 * An empty PostgreSQL database of a test's own on the server `url` names (`<prefix>_<time>`), as its URL: for a test
 * whose servers migrate it themselves, as a deployment's would. `dropEmptyPgDatabase` drops it.
 */
export async function createEmptyPgDatabase(url: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return withDatabase(url, name);
}

/** Drops a database made by createEmptyPgDatabase (`url` its server's, `database` the database's own URL). */
export async function dropEmptyPgDatabase(url: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${new URL(database).pathname.slice(1)}" with (force)`);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let stamp: string | undefined;
/**
 * Changes whenever the migrations change (the journal or any migration's text), so a stale snapshot, template or
 * folder is never reused. Read once per process.
 */
function migrationsStamp(): string {
  stamp ??= hashMigrations();
  return stamp;
}

function hashMigrations(): string {
  const dir = new URL('../migrations/', import.meta.url);
  const files = [
    'meta/_journal.json',
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  ];
  let h = 0;
  for (const file of files)
    for (const ch of `${file}\n${readFileSync(new URL(file, dir), 'utf8')}`)
      h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return (h >>> 0).toString(36);
}

let folderMade: Promise<string> | undefined;

/**
 * A migrated PGlite folder, cleanly closed, made once per migrations and user under the temporary folder. A copy of
 * it (a cold file copy, as of a stopped PostgreSQL) starts an embedded database without PGlite's initdb and the
 * migrations, the most of a fresh start's time: the browser tests start each server's folder from one.
 */
export function migratedPgliteFolder(): Promise<string> {
  folderMade ??= (async () => {
    const folder = join(tmpdir(), `agc-pglite-folder-${migrationsStamp()}-${process.getuid?.() ?? 0}`);
    if (existsSync(folder)) return folder;
    const partial = `${folder}.${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const db = await openDb({ kind: 'pglite', dataDir: partial });
    await migrate(db);
    await db.close();
    // Another process may have made it meanwhile: theirs is as good, ours goes.
    try {
      renameSync(partial, folder);
    } catch (e) {
      if (!existsSync(folder)) throw e;
      rmSync(partial, { recursive: true, force: true });
    }
    return folder;
  })();
  return folderMade;
}
