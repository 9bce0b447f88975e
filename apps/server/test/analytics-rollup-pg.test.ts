import { spawn } from 'node:child_process';
import { rowsOf } from '@agc/db';
import { withDatabase } from '@agc/db/testing';
import { defined } from '@agc/shared/defined';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

/**
 * The analytics rollup across two server processes on one PostgreSQL: both run the job's work at the
 * same moment; every closed day is computed exactly once (one process computes the whole backfill, the other finds
 * nothing left), and the figures are those of one computation. PostgreSQL only: PGlite is one process.
 */
const PG = process.env.DATABASE_URL;
const DAY = 86_400_000;
let s: TestServer;
let url: string;

/** Runs one rollup process; resolves with the days it computed. */
function rollupProcess(now: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'apps/server/test/analytics-rollup-child.ts', url, now],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').pop() ?? '[]'))
        : reject(new Error(`exit ${code}`)),
    );
  });
}

describe.skipIf(!PG)('analytics rollup on PostgreSQL, two processes', () => {
  beforeAll(async () => {
    s = await startTestServer();
    const root = (await signUp(s, newWallet())).member;
    // 2,000 members over the last 60 days (set-based, as the history of a live system).
    await s.ctx.db.execute(sql`
      insert into users (address, invite_code, inviter_id, left_leg_id, right_leg_id, created_at)
      select '0x' || lpad(to_hex(g), 40, '0'), 'an' || g, ${root.id.toString()}::bigint, 0, 0,
        now() - ((g % 60) || ' days')::interval - ((g % 24) || ' hours')::interval
      from generate_series(1, 2000) g`);
    await s.ctx.db.execute(
      sql`update users set created_at = now() - interval '61 days' where id = ${root.id.toString()}::bigint`,
    );
    const [db] = rowsOf<{ name: string }>(await s.ctx.db.execute(sql`select current_database() as name`));
    url = withDatabase(defined(PG), defined(db).name);
  });
  afterAll(() => s?.close());

  it('computes every closed day once, whichever process runs', async () => {
    const now = new Date(Date.now() + 3_600_000).toISOString();
    const [a, b] = await Promise.all([rollupProcess(now), rollupProcess(now)]);
    const yesterday = new Date(Date.parse(now) - DAY).toISOString().slice(0, 10);
    const computed = [...a, ...b];
    // One process did the backfill (62 days: the root's day to yesterday), the other found nothing left.
    expect([a.length, b.length].sort((x, y) => x - y)).toEqual([0, computed.length]);
    expect(computed).toHaveLength(new Set(computed).size);
    expect(computed[computed.length - 1]).toBe(yesterday);
    const rows = rowsOf<{ n: string; revisions: string; members: string; last_all: string }>(
      await s.ctx.db.execute(sql`select count(*)::text as n, sum(revision)::text as revisions,
        sum((figures->>'members_new')::bigint)::text as members,
        (select figures->>'members_all' from analytics_daily order by day desc limit 1) as last_all
        from analytics_daily`),
    );
    expect(rows[0]).toEqual({
      n: String(computed.length),
      revisions: String(computed.length),
      members: defined(rows[0]).last_all,
      last_all: defined(rows[0]).last_all,
    });
    // Members who joined before today, all counted once.
    const [joined] = rowsOf<{ n: string }>(
      await s.ctx.db.execute(
        sql`select count(*)::text as n from users where created_at < ${yesterday}::date + 1`,
      ),
    );
    expect(defined(rows[0]).last_all).toBe(defined(joined).n);
    // A second round in both processes: nothing left to do.
    expect(await Promise.all([rollupProcess(now), rollupProcess(now)])).toEqual([[], []]);
  });
});
