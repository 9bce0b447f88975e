import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Backups of either engine: PostgreSQL through pg_dump's custom format (a consistent snapshot taken while the app
 * runs; restored with pg_restore into the same database), the embedded PGlite through its own dumpDataDir (a
 * gzipped tar of the data folder; restored with loadDataDir into a fresh folder). PGlite's folder belongs to one
 * process: its lock file (lockPgliteDir) keeps a server and a backup or restore from opening it together.
 */

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but is someone else's.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Takes the PGlite folder for this process (`<dataDir>.lock` holding the pid): refused while another live process
 * holds it; a lock left by a process that died is taken over. Returns the release.
 */
export function lockPgliteDir(dataDir: string, what: string): () => void {
  const file = `${dataDir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const mine = `${process.pid}\n${what}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, mine, { flag: 'wx' });
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw e;
      const [pidText = '', holder = 'another process'] = readFileSync(file, 'utf8').split('\n');
      const pid = Number(pidText);
      if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && alive(pid))
        throw new DataDirLockedError(
          `${dataDir} is in use by ${holder} (pid ${pid}): stop it first (PGlite has one process at a time)`,
        );
      unlinkSync(file); // left by a process that is gone
    }
  }
  return () => {
    if (existsSync(file) && readFileSync(file, 'utf8') === mine) unlinkSync(file);
  };
}

/** Runs a PostgreSQL client tool; the password goes by PGPASSWORD, never on the command line (`ps` shows that). */
function runPgTool(tool: string, args: string[], url: string): Promise<void> {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, '--dbname', u.toString()], {
      stdio: ['ignore', 'inherit', 'pipe'],
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-4000);
    });
    child.once('error', (e) =>
      reject(new Error(`${tool}: ${e.message} (is the PostgreSQL client installed?)`)),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} exited with ${code}:\n${stderr.trim()}`)),
    );
  });
}

/** pg_dump in the custom format (compressed, restorable table by table), written to `file`. */
export async function backupPostgres(url: string, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', partial], url);
  renameSync(partial, file);
}

/**
 * pg_restore of a custom-format dump into the database of `url`, in one transaction: every object of the dump is
 * dropped and created again with the dump's rows (the migrations table too, so the next start migrates from the
 * backup's version). Any error rolls the whole restore back.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  await runPgTool(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      file,
    ],
    url,
  );
}

/** PGlite's folder as one gzipped tar (dumpDataDir), written to `file`. The caller holds the folder's lock. */
export async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir)) throw new Error(`${dataDir} does not exist: nothing to back up`);
  const db = await PGlite.create({ dataDir });
  try {
    const dump = await db.dumpDataDir('gzip');
    mkdirSync(dirname(file), { recursive: true });
    const partial = `${file}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await db.close();
  }
}

/**
 * A PGlite backup loaded into a fresh folder at `dataDir` (loadDataDir). The folder it replaces is kept beside it
 * (`<dataDir>.before-restore-<time>`), returned, so a wrong restore can be undone by hand. The caller holds the lock.
 */
export async function restorePglite(dataDir: string, file: string): Promise<string | undefined> {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const blob = new Blob([readFileSync(file)]);
  let kept: string | undefined;
  if (existsSync(dataDir)) {
    kept = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(dataDir, kept);
  }
  try {
    mkdirSync(dataDir, { recursive: true });
    const db = await PGlite.create({ dataDir, loadDataDir: blob });
    await db.query('select 1');
    await db.close();
  } catch (e) {
    // Put the previous folder back: a failed restore changes nothing.
    if (kept) {
      renameSync(dataDir, `${dataDir}.failed-restore-${Date.now()}`);
      renameSync(kept, dataDir);
    }
    throw e;
  }
  return kept;
}

/** Connections of the app's servers to this PostgreSQL database (they set application_name, see openDb). */
export const APPLICATION_NAME = 'agcfund-server';
