import { spawn } from 'node:child_process';
import { openDb, rowsOf } from '@agc/db';
import { withDatabase } from '@agc/db/testing';
import { defined } from '@agc/shared/defined';
import { loadConfig } from '@server/config.ts';
import type { AppContext } from '@server/context.ts';
import { createCaches } from '@server/lib/caches.ts';
import { checkLedger } from '@server/modules/ledger/index.ts';
import { priceSourceFrom } from '@server/modules/pricing/index.ts';
import { runSettlement } from '@server/modules/rewards/settlement.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedTeam } from './team-seed.ts';

// Crash safety needs a database outside the test process, so this runs on PostgreSQL only (the
// suite's PostgreSQL pass, DATABASE_URL set; PGlite lives inside the process it would kill).
const PG = process.env.DATABASE_URL;
const DAY = '2026-03-10';
const NOW = '2026-03-12T00:00:00.000Z';
const suffix = `${Date.now().toString(36)}_${process.pid}`;
const names = { crashed: `agc_crash_${suffix}`, clean: `agc_clean_${suffix}` };

async function admin(q: string) {
  const c = new pg.Client({ connectionString: PG });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

function contextFor(url: string) {
  return openDb({ kind: 'postgres', url, poolSize: 2 }).then((handle) => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: url });
    const ctx = {
      config,
      db: handle.db,
      prices: priceSourceFrom(config),
      now: () => new Date(NOW),
      cache: createCaches(0),
    } as unknown as AppContext;
    return { ctx, handle };
  });
}

/** Everything a settlement writes, in a comparable form. */
async function paidState(ctx: AppContext) {
  const q = async (s: ReturnType<typeof sql>) => rowsOf(await ctx.db.execute(s));
  return {
    runs: await q(sql`select day::text as day, totals from settlement_runs order by day`),
    rewards: await q(sql`
      select user_id::text as u, kind, base::text as b, due::text as d, cut::text as c, cut_reason as r,
        credited_usdt::text as cu, credited_agc::text as ca, ref from rewards order by user_id, kind`),
    balances: await q(sql`
      select coalesce(user_id, 0)::text as u, code, asset, balance::text as b from ledger_accounts
      where balance <> 0 order by 1, 2, 3`),
    journal: await q(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as s from ledger_transfers`,
    ),
    state: await q(sql`
      select user_id::text as u, left_carry::text as l, right_carry::text as r, manage_base::text as m,
        manage_rank as k, team_size as ts, team_valid as tv from team_state order by user_id`),
  };
}

describe.runIf(PG)('daily settlement crash safety (PostgreSQL)', () => {
  let crashedUrl: string;
  let cleanUrl: string;

  beforeAll(async () => {
    await admin(`create database "${names.crashed}"`);
    crashedUrl = withDatabase(defined(PG), names.crashed);
    const { migrate } = await import('@agc/db');
    const h = await openDb({ kind: 'postgres', url: crashedUrl, poolSize: 2 });
    await migrate(h);
    await seedTeam(h.db, { members: 3000, chainDepth: 500, priorInvestors: 600, dayOrders: 300, day: DAY });
    await h.close();
    // The same state twice: one copy is settled cleanly, the other crashes first.
    await admin(`create database "${names.clean}" template "${names.crashed}"`);
    cleanUrl = withDatabase(defined(PG), names.clean);
  });
  afterAll(async () => {
    for (const n of Object.values(names)) await admin(`drop database if exists "${n}" with (force)`);
  });

  it('a process killed after writing everything but before its commit leaves nothing paid; the rerun equals a clean run', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/test/settlement-crash-child.ts', crashedUrl, DAY, NOW],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('ready')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`settlement child exited early (${code})`)));
    });
    // Every write of the day is in the open transaction now; another connection sees none of it.
    const crashed = await contextFor(crashedUrl);
    const before = await paidState(crashed.ctx);
    expect(before.rewards).toEqual([]);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(await paidState(crashed.ctx)).toEqual(before);

    // The rerun (its lock is free again once the dead connection is gone) settles the whole day.
    const rerun = await runSettlement(crashed.ctx, DAY, null);
    const clean = await contextFor(cleanUrl);
    const reference = await runSettlement(clean.ctx, DAY, null);
    expect(rerun.totals).toEqual(reference.totals);
    expect(Number(rerun.totals.rewards)).toBeGreaterThan(300);
    const a = await paidState(crashed.ctx);
    const b = await paidState(clean.ctx);
    expect(a.rewards).toEqual(b.rewards);
    expect(a.balances).toEqual(b.balances);
    expect(a.journal).toEqual(b.journal);
    expect(a.state).toEqual(b.state);
    expect(await checkLedger(crashed.ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    await crashed.handle.close();
    await clean.handle.close();
  });

  it('two processes settling the same day at once pay it once', async () => {
    const { ctx, handle } = await contextFor(cleanUrl);
    const other = await contextFor(cleanUrl);
    // Reset to a fresh, unsettled copy: settle the next day from two connections at once.
    const next = '2026-03-11';
    const results = await Promise.allSettled([
      runSettlement(ctx, next, null),
      runSettlement(other.ctx, next, null),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.key).toBe('settlement.already_settled');
    const runs = rowsOf<{ day: string }>(
      await ctx.db.execute(sql`select day::text as day from settlement_runs`),
    );
    expect(runs.map((r) => r.day)).toContain(next);
    expect(await checkLedger(ctx.db)).toEqual({ mismatched: [], negative: [], assetMismatch: [] });
    await handle.close();
    await other.handle.close();
  });
});
