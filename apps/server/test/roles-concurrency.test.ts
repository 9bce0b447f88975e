import { rowsOf } from '@agc/db';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCacheBus } from '../src/lib/cache-bus.ts';
import { createCaches } from '../src/lib/caches.ts';
import { AppError } from '../src/lib/errors.ts';
import { grantRole, type Member } from '../src/modules/members/index.ts';
import { grantRole as grantRoleByAdmin, revokeRole } from '../src/modules/roles/service.ts';
import { buildCheckedApp } from './contract.ts';
import { addMember, addRoot, headersOf } from './funds-bills-support.ts';
import { startTestServer, type TestServer } from './helpers.ts';

// Real concurrency needs real connections: this file runs in the suite's PostgreSQL pass (PGlite is one connection
// in one process, where "at once" would only interleave).
const PG = process.env.DATABASE_URL;
const ROUNDS = 25;

let s: TestServer;
let root: Member;

const actor = (m: Member) => ({ id: m.id, address: m.address, roles: ['admin' as const] });

async function admins(): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await s.ctx.db.execute(
      sql`select user_id::text as id from user_roles where role = 'admin' order by user_id`,
    ),
  ).map((r) => r.id);
}

describe.skipIf(!PG)('revoking admins at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer();
    root = await addRoot(s.ctx);
  });
  afterAll(() => s?.close());

  it('two admins revoking each other at once: one wins, the last admin stays (every round)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await s.ctx.db.execute(sql`delete from user_roles`);
      const x = await addMember(s.ctx, root, 'left');
      const y = await addMember(s.ctx, root, 'right');
      await grantRole(s.ctx.db, x.id, 'admin', null);
      await grantRole(s.ctx.db, y.id, 'admin', null);
      const [auditBefore] = rowsOf<{ n: string }>(
        await s.ctx.db.execute(sql`select count(*)::text as n from audit_log`),
      );
      const outcomes = await Promise.allSettled([
        revokeRole(s.ctx, actor(x), { address: y.address, role: 'admin' }),
        revokeRole(s.ctx, actor(y), { address: x.address, role: 'admin' }),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won, `round ${round}`).toHaveLength(1);
      expect(lost[0]!.reason).toBeInstanceOf(AppError);
      expect((lost[0]!.reason as AppError).key).toBe('roles.last_admin');
      expect(await admins()).toHaveLength(1);
      const [auditAfter] = rowsOf<{ n: string }>(
        await s.ctx.db.execute(sql`select count(*)::text as n from audit_log`),
      );
      expect(Number(auditAfter!.n) - Number(auditBefore!.n)).toBe(1);
    }
  });

  it('three admins, two revoked at once by the third: both go (nothing is refused that need not be)', async () => {
    await s.ctx.db.execute(sql`delete from user_roles`);
    const [x, y, z] = [
      await addMember(s.ctx, root, 'left'),
      await addMember(s.ctx, root, 'left'),
      await addMember(s.ctx, root, 'right'),
    ];
    for (const m of [x, y, z]) await grantRole(s.ctx.db, m.id, 'admin', null);
    const outcomes = await Promise.allSettled([
      revokeRole(s.ctx, actor(z), { address: x.address, role: 'admin' }),
      revokeRole(s.ctx, actor(z), { address: y.address, role: 'admin' }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await admins()).toEqual([z.id.toString()]);
  });

  it('every admin revoked at once by one of them: exactly one admin is left', async () => {
    await s.ctx.db.execute(sql`delete from user_roles`);
    const team: Member[] = [];
    for (let i = 0; i < 6; i++) team.push(await addMember(s.ctx, root, i % 2 ? 'left' : 'right'));
    for (const m of team) await grantRole(s.ctx.db, m.id, 'admin', null);
    const outcomes = await Promise.allSettled(
      team.map((m, i) =>
        revokeRole(s.ctx, actor(team[(i + 1) % team.length]!), { address: m.address, role: 'admin' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(await admins()).toHaveLength(1);
  });

  it('a grant made through one process holds at once on another (cache bus), though that one caches for 60 s', async () => {
    const url = (s.db.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const quiet = { warn: () => {}, info: () => {}, error: () => {} } as unknown as FastifyBaseLogger;
    const busA = await startPgCacheBus(url, s.ctx.cache, quiet);
    const other = createCaches(60_000);
    const busB = await startPgCacheBus(url, other, quiet);
    // A third process without the bus: what a lost message would leave (the control).
    const deaf = buildCheckedApp({ ...s.ctx, cache: createCaches(60_000), cacheBus: undefined });
    const A = { ...s.ctx, cacheBus: busA };
    const B = await buildCheckedApp({ ...s.ctx, cache: other, cacheBus: busB });
    const C = await deaf;
    try {
      await grantRole(s.ctx.db, root.id, 'admin', null);
      const m = await addMember(s.ctx, root, 'left');
      const headers = await headersOf(s.ctx, m);
      const read = (app: typeof B) =>
        app.inject({ method: 'GET', url: '/api/v1/admin/audit-log', headers }).then((r) => r.statusCode);
      // Both other processes now hold the member's snapshot (no role) for a minute.
      expect(await read(B)).toBe(403);
      expect(await read(C)).toBe(403);
      await grantRoleByAdmin(A, actor(root), { address: m.address, role: 'auditor' });
      const started = Date.now();
      let status = await read(B);
      while (status === 403 && Date.now() - started < 3_000) {
        await new Promise((r) => setTimeout(r, 20));
        status = await read(B);
      }
      expect(status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1_000);
      // Without the bus the change would wait for the cache's minute.
      expect(await read(C)).toBe(403);
    } finally {
      await B.close();
      await C.close();
      await busA.close();
      await busB.close();
    }
  });
});
