import { rowsOf } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { startPgCacheBus } from '@server/lib/cache-bus.ts';
import { createCaches } from '@server/lib/caches.ts';
import { AppError } from '@server/lib/errors.ts';
import { grantRole, type Member } from '@server/modules/members/index.ts';
import {
  cancelRequest,
  confirmRequest,
  expireRoleRequests,
  grantRole as grantRoleByAdmin,
  revokeRole,
} from '@server/modules/roles/service.ts';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const t = (key: string) => key;

/** A pending change asked for by `by` (its request id). */
async function ask(by: Member, action: 'grant' | 'revoke', who: Member, role: 'admin' | 'auditor') {
  const change = action === 'grant' ? grantRoleByAdmin : revokeRole;
  const answer = await change(s.ctx, actor(by), { address: who.address, role }, t);
  if (!answer.request) throw new Error('no request');
  return answer.request.id;
}

async function requestRow(id: string) {
  const [row] = rowsOf<{ status: string }>(
    await s.ctx.db.execute(sql`select status from role_requests where id = ${id}::bigint`),
  );
  return row?.status;
}

async function holds(m: Member, role: string): Promise<boolean> {
  return (
    rowsOf(
      await s.ctx.db.execute(
        sql`select 1 from user_roles where user_id = ${m.id.toString()}::bigint and role = ${role}`,
      ),
    ).length === 1
  );
}

/** The `i`-th element (modulo the length); a test bug when there is none. */
function at<T>(list: readonly T[], i: number): T {
  const item = list[i % list.length];
  if (item === undefined) throw new Error(`no element ${i}`);
  return item;
}

const keyOf = (o: PromiseSettledResult<unknown>) =>
  o.status === 'rejected' ? (o.reason as AppError).key : 'ok';

async function admins(): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await s.ctx.db.execute(
      sql`select user_id::text as id from user_roles where role = 'admin' order by user_id`,
    ),
  ).map((r) => r.id);
}

/**
 * A clean slate for a round: no roles or requests left, and new members on these sides (in this order), each made an
 * admin.
 */
async function freshAdmins<S extends Array<'left' | 'right'>>(
  ...sides: S
): Promise<{ [K in keyof S]: Member }> {
  await s.ctx.db.execute(sql`delete from role_requests`);
  await s.ctx.db.execute(sql`delete from user_roles`);
  const team: Member[] = [];
  for (const side of sides) team.push(await addMember(s.ctx, root, side));
  for (const m of team) await grantRole(s.ctx.db, m.id, 'admin', null);
  return team as { [K in keyof S]: Member };
}

describe.skipIf(!PG)('two admins deciding role changes at once on PostgreSQL', () => {
  beforeAll(async () => {
    s = await startTestServer();
    root = await addRoot(s.ctx);
  });
  afterAll(() => s?.close());

  it('two admins confirm each other’s revocation at once: one wins, the last admin stays (every round)', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [x, y] = await freshAdmins('left', 'right');
      // Each asks to remove the other; each then confirms the other's request (never its own).
      const xOut = await ask(y, 'revoke', x, 'admin');
      const yOut = await ask(x, 'revoke', y, 'admin');
      const [auditBefore] = rowsOf<{ n: string }>(
        await s.ctx.db.execute(sql`select count(*)::text as n from audit_log`),
      );
      const outcomes = await Promise.allSettled([
        confirmRequest(s.ctx, actor(x), xOut),
        confirmRequest(s.ctx, actor(y), yOut),
      ]);
      const won = outcomes.filter((o) => o.status === 'fulfilled');
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(won, `round ${round}`).toHaveLength(1);
      expect(defined(lost[0]).reason).toBeInstanceOf(AppError);
      expect((defined(lost[0]).reason as AppError).key).toBe('roles.last_admin');
      expect(await admins()).toHaveLength(1);
      const [auditAfter] = rowsOf<{ n: string }>(
        await s.ctx.db.execute(sql`select count(*)::text as n from audit_log`),
      );
      expect(Number(defined(auditAfter).n) - Number(defined(auditBefore).n)).toBe(1);
    }
  });

  it('three admins, two revocations confirmed at once: both go (nothing is refused that need not be)', async () => {
    const [x, y, z] = await freshAdmins('left', 'left', 'right');
    const xOut = await ask(z, 'revoke', x, 'admin');
    const yOut = await ask(z, 'revoke', y, 'admin');
    const outcomes = await Promise.allSettled([
      confirmRequest(s.ctx, actor(y), xOut),
      confirmRequest(s.ctx, actor(x), yOut),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await admins()).toEqual([z.id.toString()]);
  });

  it('every admin’s removal confirmed at once: exactly one admin is left', async () => {
    const team: Member[] = await freshAdmins('right', 'left', 'right', 'left', 'right', 'left');
    const asks: string[] = [];
    for (const [i, m] of team.entries()) asks.push(await ask(at(team, i + 1), 'revoke', m, 'admin'));
    const outcomes = await Promise.allSettled(
      team.map((_, i) => confirmRequest(s.ctx, actor(at(team, i + 2)), at(asks, i))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(await admins()).toHaveLength(1);
  });

  it('two admins confirm one grant at once: it is confirmed once, the other is told it was decided', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b, c] = await freshAdmins('left', 'left', 'right');
      const target = await addMember(s.ctx, root, 'right');
      const id = await ask(a, 'grant', target, 'auditor');
      const outcomes = await Promise.allSettled([
        confirmRequest(s.ctx, actor(b), id),
        confirmRequest(s.ctx, actor(c), id),
      ]);
      expect(outcomes.map(keyOf).sort(), `round ${round}`).toEqual(['ok', 'roles.request_decided']);
      expect(await holds(target, 'auditor')).toBe(true);
      expect(await requestRow(id)).toBe('confirmed');
    }
  });

  it('one admin confirms while another cancels: exactly one decision stands, and the role follows it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await freshAdmins('left', 'right');
      const target = await addMember(s.ctx, root, 'right');
      const id = await ask(a, 'grant', target, 'auditor');
      const outcomes = await Promise.allSettled([
        confirmRequest(s.ctx, actor(b), id),
        cancelRequest(s.ctx, actor(a), id),
      ]);
      const keys = outcomes.map(keyOf);
      expect(
        keys.filter((k) => k === 'ok'),
        `round ${round}`,
      ).toHaveLength(1);
      expect(keys.filter((k) => k !== 'ok')).toEqual(['roles.request_decided']);
      const confirmed = keys[0] === 'ok';
      expect(await requestRow(id)).toBe(confirmed ? 'confirmed' : 'cancelled');
      expect(await holds(target, 'auditor')).toBe(confirmed);
    }
  });

  it('a confirmation just before expiry races the expiry job just after it: one outcome stands, the role follows it', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = await freshAdmins('left', 'right');
      const target = await addMember(s.ctx, root, 'right');
      const id = await ask(a, 'grant', target, 'auditor');
      const [row] = rowsOf<{ expires_at: string }>(
        await s.ctx.db.execute(sql`select expires_at::text from role_requests where id = ${id}::bigint`),
      );
      if (!row) throw new Error('no request');
      const expiresAt = new Date(row.expires_at).getTime();
      const before = { ...s.ctx, now: () => new Date(expiresAt - 1) };
      const after = { ...s.ctx, now: () => new Date(expiresAt) };
      const [confirmed, expired] = await Promise.allSettled([
        confirmRequest(before, actor(b), id),
        expireRoleRequests(after),
      ]);
      const status = await requestRow(id);
      if (confirmed.status === 'fulfilled') {
        expect(expired).toEqual({ status: 'fulfilled', value: 0 });
        expect(status).toBe('confirmed');
        expect(await holds(target, 'auditor')).toBe(true);
      } else {
        expect((confirmed.reason as AppError).key).toBe('roles.request_decided');
        expect(expired).toEqual({ status: 'fulfilled', value: 1 });
        expect(status).toBe('expired');
        expect(await holds(target, 'auditor')).toBe(false);
      }
    }
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
      const second = await addMember(s.ctx, root, 'right');
      await grantRole(s.ctx.db, second.id, 'admin', null);
      const m = await addMember(s.ctx, root, 'left');
      const headers = await headersOf(s.ctx, m);
      const read = (app: typeof B) =>
        app.inject({ method: 'GET', url: '/api/v1/admin/audit-log', headers }).then((r) => r.statusCode);
      // Both other processes now hold the member's snapshot (no role) for a minute.
      expect(await read(B)).toBe(403);
      expect(await read(C)).toBe(403);
      const asked = await grantRoleByAdmin(A, actor(root), { address: m.address, role: 'auditor' }, t);
      if (!asked.request) throw new Error('no request');
      await confirmRequest(A, actor(second), asked.request.id);
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
