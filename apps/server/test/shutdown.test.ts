import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type DbHandle, openDb, rowsOf } from '@agc/db';
import { createEmptyPgDatabase, dropEmptyPgDatabase } from '@agc/db/testing';
import { apiSession } from '@agc/e2e/support/api.ts';
import { ACCOUNTS, checkLedger } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './built-server.ts';
import { newWallet } from './helpers.ts';
import { grantRewards } from './withdraw-support.ts';

/**
 * Graceful shutdown of the built server (as `npm start` runs it): SIGTERM in the middle of a burst of withdrawal
 * requests. Every request the server accepted is answered and applied, none is applied without an answer, the
 * ledger checks out, the process exits 0 and gives its job leases back. On PGlite, or on PostgreSQL with
 * DATABASE_URL (a database of its own).
 */
const PG = process.env.DATABASE_URL;
const USDT = 10n ** 6n;
const GRANT = 100n * USDT;
const PER_MEMBER = 40;

const dataDir = mkdtempSync(join(tmpdir(), 'agc-shutdown-'));
let url: string | undefined;
const members = Array.from({ length: 4 }, () => newWallet());
const sessions: Array<Record<string, string>> = [];

const env = {
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  RATE_LIMIT_MONEY_PER_MINUTE: '100000',
  RATE_LIMIT_NONCE_PER_MINUTE: '1000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000',
  WITHDRAW_MIN_USDT: '1',
  SHUTDOWN_TIMEOUT_SECONDS: '20',
  LOG_LEVEL: process.env.SHUTDOWN_LOG ?? 'warn',
};

/** The database the servers use, opened by the test while no server runs (PGlite is one process's). */
const openOffline = (): Promise<DbHandle> =>
  url
    ? openDb({ kind: 'postgres', url, poolSize: 2 })
    : openDb({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });

/** Lease rows a process (by pid) still holds. */
async function leasesOf(db: DbHandle, pid: number | undefined) {
  const rows = rowsOf<{ name: string; holder: string }>(
    await db.db.execute(sql`select name, holder from job_leases`),
  );
  return rows.filter((r) => r.holder.split(':')[1] === String(pid));
}

/** SIGTERM, then the exit code. */
async function terminate(server: BuiltServer): Promise<number | null> {
  const exited = new Promise<number | null>((r) => server.child.once('exit', (code) => r(code)));
  server.child.kill('SIGTERM');
  return exited;
}

const servers: BuiltServer[] = [];
/** A server this file started: one still running when the file ends (a failed test) is killed then. */
const track = (server: BuiltServer) => {
  servers.push(server);
  return server;
};

/** Signs the members up on the first server; on PostgreSQL, sees it hold job leases while it runs. */
async function signUpAndCheckLeases(first: BuiltServer) {
  let code = '';
  for (const [i, w] of members.entries()) {
    const s = await apiSession(first.base, w, i === 0 ? undefined : { code, side: 'left' });
    sessions.push(s.headers);
    if (i === 0) {
      const me = (await (await fetch(`${first.base}/api/v1/me`, { headers: s.headers })).json()) as {
        data: { invite_code: string };
      };
      code = me.data.invite_code;
    }
  }
  if (url) {
    // Jobs take their leases at their first run, seconds after the start (later on a loaded machine): wait for one.
    const db = await openOffline();
    try {
      const deadline = Date.now() + 60_000;
      let held = (await leasesOf(db, first.child.pid)).length;
      while (held === 0 && Date.now() < deadline) {
        await sleep(250);
        held = (await leasesOf(db, first.child.pid)).length;
      }
      expect(held).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  }
}

beforeAll(async () => {
  if (PG) {
    url = await createEmptyPgDatabase(PG, 'agc_shutdown');
  }
  // A first run signs the members up, then stops gracefully: its leases must be gone.
  const first = track(await startBuiltServer(url, env, 'inherit'));
  await signUpAndCheckLeases(first);
  expect(await terminate(first)).toBe(0);
  const db = await openOffline();
  try {
    expect(await leasesOf(db, first.child.pid)).toEqual([]);
    const ids = rowsOf<{ id: string }>(
      await db.db.execute(sql`select id::text as id from users order by id`),
    ).map((r) => BigInt(r.id));
    expect(ids).toHaveLength(members.length);
    await grantRewards(
      db.db,
      ids.map((userId) => ({ userId, asset: 'USDT' as const, amount: GRANT, ref: `shutdown:${userId}` })),
    );
  } finally {
    await db.close();
  }
}, 180_000);

afterAll(async () => {
  for (const { child } of servers)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (url && PG) {
    await dropEmptyPgDatabase(PG, url);
  }
});

describe('SIGTERM in the middle of a burst', () => {
  it('answers and applies every accepted request, nothing more, and gives the leases back', async () => {
    const server = track(await startBuiltServer(url, env, 'inherit'));
    const queue = members.flatMap((_, m) => Array.from({ length: PER_MEMBER }, () => m));
    type Outcome = { m: number; started: number; ended: number; status: number | null; id?: string };
    const outcomes: Outcome[] = [];
    let termAt = Number.POSITIVE_INFINITY;
    let exit: Promise<number | null> | undefined;

    // After the signal the workers send nothing new: the connections of the requests in flight then fall idle, and
    // the server must still close them and exit (not wait for its keep-alive timeout).
    const worker = async () => {
      for (let m = queue.shift(); m !== undefined && !exit; m = queue.shift()) {
        const started = performance.now();
        const o: Outcome = { m, started, ended: 0, status: null };
        try {
          const res = await fetch(`${server.base}/api/v1/withdraw`, {
            method: 'POST',
            headers: { ...sessions[m], 'content-type': 'application/json' },
            body: JSON.stringify({ amount: '1', type: 1 }),
          });
          o.status = res.status;
          const body = (await res.json().catch(() => null)) as {
            code?: number;
            data?: { withdraw_id?: string };
          } | null;
          if (res.status === 200 && body?.code === 200) o.id = body.data?.withdraw_id;
        } catch {
          // Refused or reset before the server took it: not accepted.
        }
        o.ended = performance.now();
        outcomes.push(o);
        if (!exit && outcomes.filter((x) => x.id).length >= 30) {
          termAt = performance.now();
          exit = terminate(server);
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, worker));
    expect(exit).toBeDefined();
    // New requests while it stops are refused.
    for (const m of [0, 1, 2]) {
      const o = { m, started: performance.now(), ended: 0, status: null as number | null };
      o.status = await fetch(`${server.base}/api/v1/withdraw`, {
        method: 'POST',
        headers: { ...sessions[m], 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '1', type: 1 }),
      }).then(
        (r) => r.status,
        () => null,
      );
      o.ended = performance.now();
      outcomes.push(o);
    }
    const stopping = performance.now();
    expect(await exit).toBe(0);
    // Well within SHUTDOWN_TIMEOUT_SECONDS: idle kept-alive connections do not hold the exit back.
    expect(performance.now() - stopping).toBeLessThan(15_000);

    const accepted = outcomes.filter((o) => o.id);
    // The signal came mid-burst: requests in flight then were still answered, later ones were refused.
    expect(accepted.filter((o) => o.started < termAt && o.ended > termAt).length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => !o.id).length).toBeGreaterThan(0);
    // Refused means refused: a 503 while closing, or no connection; never a 500 or a cut answer with a 200.
    for (const o of outcomes.filter((x) => !x.id)) expect([null, 503]).toContain(o.status);

    const db = await openOffline();
    try {
      expect(await leasesOf(db, server.child.pid)).toEqual([]);
      const rows = rowsOf<{ id: string; user_id: string; amount: string }>(
        await db.db.execute(
          sql`select id::text as id, user_id::text as user_id, amount::text as amount from withdrawals`,
        ),
      );
      // Nothing lost and nothing applied unanswered: the rows are exactly the accepted requests.
      expect(rows.map((r) => r.id).sort()).toEqual(accepted.map((o) => o.id).sort());
      const balances = rowsOf<{ user_id: string; code: string; balance: string }>(
        await db.db.execute(sql`select user_id::text as user_id, code, balance::text as balance from ledger_accounts
          where user_id is not null and asset = 'USDT'`),
      );
      for (const uid of new Set(rows.map((r) => r.user_id))) {
        const of = (c: string) =>
          BigInt(balances.find((b) => b.user_id === uid && b.code === c)?.balance ?? '0');
        const requested = rows
          .filter((r) => r.user_id === uid)
          .reduce((sum, r) => sum + BigInt(r.amount), 0n);
        expect(of(ACCOUNTS.locked)).toBe(requested);
        expect(of(ACCOUNTS.available) + of(ACCOUNTS.locked)).toBe(GRANT);
      }
      expect(await checkLedger(db.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    } finally {
      await db.close();
    }
    await server.stop();
  }, 180_000);
});
