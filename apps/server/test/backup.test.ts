import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DbHandle, migrate, openDb, rowsOf, schema } from '@agc/db';
import { APPLICATION_NAME, lockPgliteDir } from '@agc/db/backup';
import { createEmptyPgDatabase, dropEmptyPgDatabase } from '@agc/db/testing';
import { ACCOUNTS, checkLedger, transferBatch } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRewards } from './withdraw-support.ts';

/**
 * `npm run db:backup` and `npm run db:restore`, run as an operator runs them, on the engine of this test run: the
 * embedded PGlite folder under DATA_DIR, or (with DATABASE_URL) a PostgreSQL database of its own. Money is credited
 * through the ledger, backed up, changed, restored: the balances are the backup's, the change is gone, the ledger
 * checks out. Running servers block what would corrupt their data.
 */
const PG = process.env.DATABASE_URL;
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'agc-backup-'));
const backupDir = join(dataDir, 'backups');
const USDT = 10n ** 6n;
let url: string | undefined;
let memberId: bigint;

const open = (): Promise<DbHandle> =>
  url
    ? openDb({ kind: 'postgres', url, poolSize: 2 })
    : openDb({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });

/** Runs an npm script of the repository with this test's settings; its exit status and output. */
function npm(script: string, ...args: string[]) {
  const r = spawnSync('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      ...(url ? { DATABASE_URL: url } : {}),
    },
    timeout: 120_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The member's USDT balances and the journal's size. */
async function money(db: DbHandle) {
  const balances = rowsOf<{ code: string; balance: string }>(
    await db.db.execute(sql`select code, balance::text as balance from ledger_accounts
      where user_id = ${memberId.toString()}::bigint and asset = 'USDT' order by code`),
  );
  const [t] = rowsOf<{ n: string }>(
    await db.db.execute(sql`select count(*)::text as n from ledger_transfers`),
  );
  return { balances: Object.fromEntries(balances.map((b) => [b.code, b.balance])), transfers: Number(t?.n) };
}

beforeAll(async () => {
  if (PG) {
    url = await createEmptyPgDatabase(PG, 'agc_backup');
  }
  const db = await open();
  try {
    await migrate(db);
    const [leg] = await db.db.insert(schema.legs).values({}).returning();
    if (!leg) throw new Error('no leg');
    const [member] = await db.db
      .insert(schema.users)
      .values({
        address: '0x00000000000000000000000000000000000000b1',
        inviteCode: 'BACKUP01',
        leftLegId: leg.id,
        rightLegId: leg.id,
      })
      .returning();
    if (!member) throw new Error('no member');
    memberId = member.id;
    await grantRewards(db.db, [{ userId: memberId, asset: 'USDT', amount: 250n * USDT, ref: 'backup:1' }]);
  } finally {
    await db.close();
  }
}, 120_000);

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (url && PG) {
    await dropEmptyPgDatabase(PG, url);
  }
});

describe(`backup and restore (${PG ? 'PostgreSQL' : 'PGlite'})`, () => {
  it("backs up, money changes, restores: the backup's balances, a clean ledger", async () => {
    const backedUp = await (async () => {
      const db = await open();
      try {
        return await money(db);
      } finally {
        await db.close();
      }
    })();
    expect(backedUp.balances[ACCOUNTS.available]).toBe((250n * USDT).toString());

    const made = npm('db:backup');
    expect(made.status, made.out).toBe(0);
    const files = readdirSync(backupDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(PG ? /^agcfund-postgres-.*\.dump$/ : /^agcfund-pglite-.*\.tar\.gz$/);
    expect(made.out).toContain(join(backupDir, files[0] ?? '?'));

    // After the backup: another credit and a withdrawal's lock move money.
    const db = await open();
    try {
      await grantRewards(db.db, [{ userId: memberId, asset: 'USDT', amount: 40n * USDT, ref: 'backup:2' }]);
      await db.db.transaction(async (tx) => {
        await transferBatch(tx, [
          {
            debit: { userId: memberId, code: ACCOUNTS.available, asset: 'USDT' },
            credit: { userId: memberId, code: ACCOUNTS.locked, asset: 'USDT' },
            amount: 100n * USDT,
            kind: 'withdraw.request',
            ref: 'backup:withdraw',
            idempotencyKey: 'backup:withdraw',
          },
        ]);
      });
      const changed = await money(db);
      expect(changed.balances[ACCOUNTS.available]).toBe((190n * USDT).toString());
      expect(changed.balances[ACCOUNTS.locked]).toBe((100n * USDT).toString());
    } finally {
      await db.close();
    }

    const restored = npm('db:restore');
    expect(restored.status, restored.out).toBe(0);
    expect(restored.out).toContain('ledger check clean');

    const after = await open();
    try {
      const now = await money(after);
      expect(now.transfers).toBe(backedUp.transfers);
      expect(now.balances[ACCOUNTS.available]).toBe((250n * USDT).toString());
      expect(now.balances[ACCOUNTS.locked] ?? '0').toBe('0');
      expect(await checkLedger(after.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    } finally {
      await after.close();
    }
  }, 180_000);

  it.skipIf(!!PG)(
    'PGlite: refuses both while a server holds the folder',
    async () => {
      const release = lockPgliteDir(join(dataDir, 'pglite'), 'the server');
      // The lock names this process; the CLI is another process and sees it alive.
      try {
        for (const script of ['db:backup', 'db:restore']) {
          const r = npm(script);
          expect(r.status, r.out).toBe(1);
          expect(r.out).toMatch(/is in use by the server \(pid \d+\): stop it first/);
        }
      } finally {
        release();
      }
    },
    120_000,
  );

  it.skipIf(!PG)(
    'PostgreSQL: refuses to restore while a server is connected',
    async () => {
      const server = await openDb({
        kind: 'postgres',
        url: url ?? '',
        poolSize: 1,
        applicationName: APPLICATION_NAME,
      });
      try {
        await server.db.execute(sql`select 1`);
        const r = npm('db:restore');
        expect(r.status, r.out).toBe(1);
        expect(r.out).toContain(
          'connection(s) of a running server on this database: stop every server first',
        );
      } finally {
        await server.close();
      }
    },
    120_000,
  );

  it('says what is wrong with a file that is not there', () => {
    const r = npm('db:restore', join(backupDir, 'no-such-file'));
    expect(r.status).toBe(1);
    expect(r.out).toContain('no-such-file does not exist');
  }, 120_000);
});
