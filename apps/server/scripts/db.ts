// `npm run db:backup` and `npm run db:restore [file]`: the database the server is configured for (the same settings:
// DATABASE_URL for PostgreSQL, else the PGlite folder under DATA_DIR), backed up to or restored from BACKUP_DIR.
//   backup             PostgreSQL: pg_dump --format=custom, while the servers run (a consistent snapshot).
//                      PGlite: dumpDataDir (a gzipped tar), with the server stopped (the folder is one process's).
//   restore [file]     the file given, or the newest backup of this engine in BACKUP_DIR; every server stopped.
//                      Afterwards the ledger is checked (every balance against its journal) and the result printed.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { migrate, openDb, rowsOf } from '@agc/db';
import {
  APPLICATION_NAME,
  backupPglite,
  backupPostgres,
  DataDirLockedError,
  lockPgliteDir,
  restorePglite,
  restorePostgres,
} from '@agc/db/backup';
import { type Config, ConfigError, loadConfig } from '@server/config.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';

const EXTENSION = { postgres: '.dump', pglite: '.tar.gz' } as const;

function newestBackup(config: Config): string {
  const kind = config.database.kind;
  const dir = config.ops.backupDir;
  const files = (() => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  })()
    .filter((f) => f.startsWith(`agcfund-${kind}-`) && f.endsWith(EXTENSION[kind]))
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!files[0]) throw new Error(`no ${kind} backup in ${dir}: give the file to restore`);
  return files[0];
}

async function backup(config: Config): Promise<void> {
  const kind = config.database.kind;
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = join(config.ops.backupDir, `agcfund-${kind}-${stamp}${EXTENSION[kind]}`);
  const started = Date.now();
  if (config.database.kind === 'postgres') await backupPostgres(config.database.url, file);
  else {
    const release = lockPgliteDir(config.database.dataDir, 'npm run db:backup');
    try {
      await backupPglite(config.database.dataDir, file);
    } finally {
      release();
    }
  }
  console.log(`${kind} backup written: ${file} (${statSync(file).size} bytes, ${Date.now() - started} ms)`);
}

async function restore(config: Config, given: string | undefined): Promise<void> {
  const file = given ?? newestBackup(config);
  console.log(`restoring ${config.database.kind} from ${file}`);
  if (config.database.kind === 'postgres') {
    const { url } = config.database;
    // Rows written by a running server would land between the dump's tables, or block the restore on a lock.
    const probe = await openDb({ kind: 'postgres', url, poolSize: 1 });
    try {
      const [row] = rowsOf<{ n: string }>(
        await probe.db.execute(sql`select count(*)::text as n from pg_stat_activity
          where datname = current_database() and application_name = ${APPLICATION_NAME}`),
      );
      if (Number(row?.n ?? 0) > 0)
        throw new Error(
          `${row?.n} connection(s) of a running server on this database: stop every server first`,
        );
    } finally {
      await probe.close();
    }
    await restorePostgres(url, file);
    await verify({ kind: 'postgres', url, poolSize: 2 });
  } else {
    const { dataDir } = config.database;
    const release = lockPgliteDir(dataDir, 'npm run db:restore');
    try {
      const kept = await restorePglite(dataDir, file);
      if (kept)
        console.log(`the folder it replaced is kept at ${kept} (remove it once the restore is checked)`);
      await verify({ kind: 'pglite', dataDir });
    } finally {
      release();
    }
  }
}

/** The restored database: migrated to this build (a backup of an older one), and its ledger checked. */
async function verify(options: Parameters<typeof openDb>[0]): Promise<void> {
  const db = await openDb(options);
  try {
    await migrate(db);
    const check = await checkLedger(db.db);
    const problems = check.mismatched.length + check.negative.length + check.assetMismatch.length;
    if (problems > 0) {
      console.error(`ledger check FAILED after the restore: ${JSON.stringify(check)}`);
      process.exitCode = 1;
    } else console.log('restored; ledger check clean (every balance equals its journal)');
  } finally {
    await db.close();
  }
}

const [command, file] = process.argv.slice(2);
try {
  const config = loadConfig();
  if (command === 'backup') await backup(config);
  else if (command === 'restore') await restore(config, file);
  else {
    console.error('usage: db.ts backup | restore [file]');
    process.exitCode = 2;
  }
} catch (e) {
  console.error(e instanceof ConfigError || e instanceof DataDirLockedError ? e.message : e);
  process.exitCode = e instanceof ConfigError ? 2 : 1;
}
