import type { Role } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import type { Member } from '@server/modules/members/index.ts';
import { grantRole } from '@server/modules/members/index.ts';
import { expireRoleRequests } from '@server/modules/roles/service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, addRoot, headersOf } from './funds-bills-support.ts';
import type { AnyData } from './helpers.ts';
import { callApi, newWallet, startTestServer, type TestServer } from './helpers.ts';
import { addMemberAt, auditSince, lastAuditId, roleTables } from './roles-support.ts';

// Every admin route checks its role on the server; admins grant and revoke roles (admin and auditor need a second
// admin and expire unconfirmed, the last admin stays, configured admins are configuration's), every change
// audit-logged; the audit log.

/**
 * Who may call each admin route besides `admin` (who may call all): one line per route prefix, or per prefix and
 * method where reading and writing differ (the first line that matches counts). A route under /api/v1/admin that no
 * line covers fails the test, so a new admin route must be placed here.
 */
const ACCESS: ReadonlyArray<readonly [prefix: string, roles: readonly Role[], method?: 'GET']> = [
  ['/api/v1/admin/orders', ['auditor']],
  ['/api/v1/admin/withdraws', ['auditor']],
  ['/api/v1/admin/settlements', []],
  ['/api/v1/admin/funds', []],
  ['/api/v1/admin/launchpad', []],
  ['/api/v1/admin/roles', []],
  ['/api/v1/admin/audit-log', ['auditor']],
  ['/api/v1/admin/analytics', ['analyst']],
  ['/api/v1/admin/solvency', ['auditor', 'analyst']],
  ['/api/v1/admin/incidents', []],
  ['/api/v1/admin/vitals', ['analyst']],
  // Auditors and analysts read the proof-of-liabilities snapshots; only an admin takes or publishes one.
  ['/api/v1/admin/por/snapshots', ['auditor', 'analyst'], 'GET'],
  ['/api/v1/admin/por', []],
];

/**
 * Every registered route under /api/v1/admin with its methods, read from Fastify's own route tree (printRoutes), so
 * that a route added later is covered without touching this test. Each line of the tree is a segment under its
 * parent (4 columns per level), followed by the methods that end there.
 */
function adminRoutes(s: TestServer): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of s.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!m) continue;
    const depth = defined(m[1]).length / 4;
    stack.length = depth;
    stack.push(defined(m[2]));
    const url = stack.join('');
    for (const method of (m[3] ?? '').split(', '))
      if (method && method !== 'HEAD' && url.startsWith('/api/v1/admin')) out.push({ method, url });
  }
  return out;
}

const accessOf = (url: string, method: string) =>
  ACCESS.find(
    ([prefix, , only]) =>
      (only === undefined || only === method) &&
      (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)),
  );

let s: TestServer;
/** R: admin granted in the database (as the seed does); A: auditor; N: analyst; M, P, Q: members. */
let m: Record<'R' | 'A' | 'N' | 'M' | 'P' | 'Q', Member>;
let h: Record<keyof typeof m | 'C', Record<string, string>>;
/** A configured admin (ADMIN_ADDRESSES) who signs up during the tests. */
const configured = newWallet();
let c: Member;

const api = (
  method: string,
  url: string,
  who: Record<string, string> | null,
  payload?: unknown,
  lang = 'en',
) => callApi(s, method, url, who ?? {}, payload, lang);

describe('roles API', () => {
  beforeAll(async () => {
    s = await startTestServer({}, { adminAddresses: [configured.address.toLowerCase()] });
    const R = await addRoot(s.ctx);
    const others = {} as Record<'A' | 'N' | 'M' | 'P' | 'Q', Member>;
    for (const k of ['A', 'N', 'M', 'P', 'Q'] as const) others[k] = await addMember(s.ctx, R, 'left');
    m = { R, ...others };
    await grantRole(s.ctx.db, R.id, 'admin', null);
    await grantRole(s.ctx.db, m.A.id, 'auditor', R.id);
    await grantRole(s.ctx.db, m.N.id, 'analyst', R.id);
    h = {} as typeof h;
    for (const k of Object.keys(m) as Array<keyof typeof m>) h[k] = await headersOf(s.ctx, m[k]);
  });
  afterAll(() => s?.close());

  describe('every admin route checks its role on the server', () => {
    it('the route tree reading finds every documented admin route', async () => {
      const found = new Set(adminRoutes(s).map((r) => `${r.method} ${r.url}`));
      const doc = (await s.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
        paths: Record<string, Record<string, unknown>>;
      };
      const documented = Object.entries(doc.paths)
        .filter(([path]) => path.startsWith('/api/v1/admin'))
        .flatMap(([path, ops]) =>
          Object.keys(ops).map((op) => `${op.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
        );
      expect(documented.length).toBeGreaterThan(20);
      for (const route of documented) expect(found, route).toContain(route);
      // The roles module's own routes are there.
      expect(found).toContain('POST /api/v1/admin/roles/requests/:id/confirm');
      expect(found).toContain('GET /api/v1/admin/audit-log');
    });

    it('every admin route is in the access table', () => {
      const missing = adminRoutes(s).filter((r) => !accessOf(r.url, r.method));
      expect(missing, 'admin routes missing from ACCESS: add each with the roles that may call it').toEqual(
        [],
      );
    });

    it('signed out → 401, member → 403, auditor / analyst → 403 unless the table lets them, admin never 403', async () => {
      const routes = adminRoutes(s);
      const callers: Array<[string, Record<string, string> | null, Role | 'member' | null]> = [
        ['signed out', null, null],
        ['member', h.M, 'member'],
        ['auditor', h.A, 'auditor'],
        ['analyst', h.N, 'analyst'],
        ['admin', h.R, 'admin'],
      ];
      const seen: string[] = [];
      for (const { method, url } of routes) {
        const allowed = defined(accessOf(url, method))[1];
        const concrete = url.replace(/^\/api\/v1/, '').replace(/:\w+/g, '1');
        for (const [name, headers, role] of callers) {
          const res = await api(method, concrete, headers, method === 'GET' ? undefined : {});
          const where = `${name} ${method} ${url}: ${res.status} ${res.msg}`;
          if (role === null) expect(res.status, where).toBe(401);
          else if (role === 'member') expect(res.status, where).toBe(403);
          else if (role === 'admin' || allowed.includes(role)) {
            expect(res.status, where).not.toBe(403);
            expect(res.status, where).not.toBe(401);
          } else expect(res.status, where).toBe(403);
          if (res.status === 403) expect(res.msg, where).toBe('You do not have permission to do this');
          seen.push(where);
        }
      }
      expect(seen.length).toBe(routes.length * callers.length);
    });
  });

  describe('granting and revoking', () => {
    const can = { can: true, reason: null };
    const cannot = (reason: string) => ({ can: false, reason });
    const LAST_ADMIN = 'The last admin cannot be removed: grant admin to another member first';
    const OWN = 'You asked for this change: another admin must confirm it';
    const CONFIG =
      "This admin comes from the server's configuration (ADMIN_ADDRESSES) and cannot be revoked here: change the configuration";

    it('lists the holders: granted roles with who and when, the configured admin from configuration, what may be revoked', async () => {
      const res = await api('GET', '/admin/roles', h.R);
      expect(res.code, res.msg).toBe(200);
      const byAddress = new Map(res.data.holders.map((x: AnyData) => [x.address, x]));
      expect(byAddress.get(configured.address.toLowerCase())).toEqual({
        address: configured.address.toLowerCase(),
        member: false,
        roles: [
          { role: 'admin', granted_by: null, granted_at: null, from_config: true, revoke: cannot(CONFIG) },
        ],
      });
      expect(byAddress.get(m.A.address)).toEqual({
        address: m.A.address,
        member: true,
        roles: [
          {
            role: 'auditor',
            granted_by: m.R.address,
            granted_at: expect.any(String),
            from_config: false,
            revoke: can,
          },
        ],
      });
      // R is the only admin who can act (the configured one never signed up): its admin cannot go.
      expect(byAddress.get(m.R.address)).toMatchObject({
        roles: [{ role: 'admin', granted_by: null, from_config: false, revoke: cannot(LAST_ADMIN) }],
      });
      expect(res.data.holders).toHaveLength(4);
      expect(res.data.pending).toEqual([]);
      expect([res.data.second_admin_roles, res.data.request_ttl_hours, res.data.cooling_hours]).toEqual([
        ['admin', 'auditor'],
        72,
        24,
      ]);
      // The reason is translated like every message.
      const ja = await api('GET', '/admin/roles', h.R, undefined, 'ja');
      expect(ja.data.holders.find((x: AnyData) => x.address === m.R.address).roles[0].revoke.reason).not.toBe(
        LAST_ADMIN,
      );
    });

    it('refuses bad input and changes nothing: bad address, unknown role, no member, held already', async () => {
      const before = await roleTables(s.ctx);
      const stranger = newWallet().address;
      const cases: Array<[unknown, number, string]> = [
        [{ address: '0x123', role: 'auditor' }, 400, 'Invalid address: this value is not valid'],
        [{ address: m.M.address, role: 'owner' }, 400, 'Invalid role: this value is not valid'],
        [{ role: 'auditor' }, 400, 'Invalid address: this field is required'],
        [{ address: m.M.address }, 400, 'Invalid role: this field is required'],
        [
          { address: stranger, role: 'analyst' },
          400,
          `${stranger.toLowerCase()} is not a member: only a member who has signed up can hold a role`,
        ],
        [{ address: m.A.address, role: 'auditor' }, 409, 'This member already holds the auditor role'],
        [{ address: m.R.address, role: 'admin' }, 409, 'This member already holds the admin role'],
      ];
      for (const [body, code, msg] of cases)
        for (const route of ['/admin/roles/grant', '/admin/roles/revoke']) {
          if (route.endsWith('revoke') && code === 409) continue; // revoking a held role is no refusal
          const res = await api('POST', route, h.R, body);
          expect([res.code, res.msg], `${route} ${JSON.stringify(body)}`).toEqual([code, msg]);
        }
      const notHeld = await api('POST', '/admin/roles/revoke', h.R, {
        address: m.M.address,
        role: 'analyst',
      });
      expect([notHeld.code, notHeld.msg]).toEqual([409, 'This member does not hold the analyst role']);
      const ja = await api('POST', '/admin/roles/grant', h.R, { address: stranger, role: 'analyst' }, 'ja');
      expect(ja.msg).toBe(
        `${stranger.toLowerCase()} は会員ではありません。ロールを持てるのは登録済みの会員だけです`,
      );
      expect(await roleTables(s.ctx)).toEqual(before);
    });

    it('grants analyst at once (it only reads): the member’s next request carries it; audit-logged with before and after', async () => {
      expect((await api('GET', '/admin/analytics', h.M)).status).toBe(403);
      const since = await lastAuditId(s.ctx);
      const res = await api('POST', '/admin/roles/grant', h.R, {
        address: m.M.address.toUpperCase().replace('0X', '0x'),
        role: 'analyst',
      });
      expect(res.code, res.msg).toBe(200);
      expect(res.data).toEqual({
        status: 'granted',
        address: m.M.address,
        roles: ['analyst'],
        request: null,
      });
      expect(await auditSince(s.ctx, since)).toEqual([
        {
          action: 'role.grant',
          target: `member:${m.M.address}`,
          actor: m.R.address,
          before: { roles: [] },
          after: { roles: ['analyst'] },
        },
      ]);
      // The same session, its cached snapshot dropped: the role holds from the next request.
      expect((await api('GET', '/admin/analytics', h.M)).status).not.toBe(403);
      expect((await api('GET', '/admin/audit-log', h.M)).status).toBe(403);
      const me = await api('GET', '/me', h.M);
      expect(me.data.roles).toEqual(['analyst']);
    });

    it('revokes it: the next request is refused again; audit-logged', async () => {
      const since = await lastAuditId(s.ctx);
      const res = await api('POST', '/admin/roles/revoke', h.R, { address: m.M.address, role: 'analyst' });
      expect(res.data).toEqual({ status: 'revoked', address: m.M.address, roles: [], request: null });
      expect(await auditSince(s.ctx, since)).toEqual([
        {
          action: 'role.revoke',
          target: `member:${m.M.address}`,
          actor: m.R.address,
          before: { roles: ['analyst'] },
          after: { roles: [] },
        },
      ]);
      expect((await api('GET', '/admin/analytics', h.M)).status).toBe(403);
    });

    it('the last admin cannot be removed (a configured admin who never signed up does not count)', async () => {
      const before = await roleTables(s.ctx);
      const res = await api('POST', '/admin/roles/revoke', h.R, { address: m.R.address, role: 'admin' });
      expect([res.code, res.msg]).toEqual([409, LAST_ADMIN]);
      expect(await roleTables(s.ctx)).toEqual(before);
    });

    it('the only admin alone cannot make an auditor: the grant waits for a second admin, the asker cannot confirm it, it expires', async () => {
      const since = await lastAuditId(s.ctx);
      const asked = await api('POST', '/admin/roles/grant', h.R, { address: m.M.address, role: 'auditor' });
      expect(asked.code, asked.msg).toBe(200);
      expect(asked.data).toMatchObject({ status: 'pending', address: m.M.address, roles: [] });
      const id = asked.data.request.id as string;
      expect(asked.data.request).toEqual({
        id,
        address: m.M.address,
        role: 'auditor',
        action: 'grant',
        requested_by: m.R.address,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        confirm: cannot(OWN),
        cancel: can,
      });
      expect(Date.parse(asked.data.request.expires_at) - Date.parse(asked.data.request.created_at)).toBe(
        72 * 3_600_000,
      );
      // No approval power yet: the withdrawal audit still answers 403.
      expect((await api('GET', '/admin/withdraws', h.M)).status).toBe(403);
      const listed = await api('GET', '/admin/roles', h.R);
      expect(listed.data.pending).toEqual([asked.data.request]);
      const tables = await roleTables(s.ctx);
      const own = await api('POST', `/admin/roles/requests/${id}/confirm`, h.R);
      expect([own.code, own.msg]).toEqual([409, OWN]);
      expect(await roleTables(s.ctx)).toEqual(tables);

      // Nobody confirmed it in time: it is gone from the list; a late confirmation is refused and marks it expired.
      s.advance(72 * 3_600_000);
      expect((await api('GET', '/admin/roles', h.R)).data.pending).toEqual([]);
      const late = await api('POST', `/admin/roles/requests/${id}/confirm`, h.R);
      expect([late.code, late.msg]).toEqual([
        409,
        'This request expired before a second admin confirmed it: ask again',
      ]);
      const [row] = (await roleTables(s.ctx)).requests.filter((r) => r.id === id);
      expect(row?.status).toBe('expired');
      expect((await api('GET', '/admin/withdraws', h.M)).status).toBe(403);
      const log = await auditSince(s.ctx, since);
      expect(log.map((e) => [e.action, e.actor])).toEqual([
        ['role.request', m.R.address],
        ['role.expire', null],
      ]);
      expect(log[1]).toMatchObject({
        target: `member:${m.M.address}`,
        before: {
          roles: [],
          pending: { request: id, action: 'grant', role: 'auditor', requested_by: m.R.address },
        },
        after: { roles: [] },
      });
    });

    it('the expiry job marks every request past its time expired (audit-logged); a new request may then be made', async () => {
      const asked = await api('POST', '/admin/roles/grant', h.R, { address: m.M.address, role: 'auditor' });
      const id = asked.data.request.id as string;
      const twice = await api('POST', '/admin/roles/grant', h.R, { address: m.M.address, role: 'auditor' });
      expect([twice.code, twice.msg]).toEqual([
        409,
        'A change of the auditor role of this member already waits for a second admin',
      ]);
      expect(await expireRoleRequests(s.ctx)).toBe(0);
      s.advance(72 * 3_600_000 + 1);
      const since = await lastAuditId(s.ctx);
      expect(await expireRoleRequests(s.ctx)).toBe(1);
      expect(await expireRoleRequests(s.ctx)).toBe(0);
      expect((await auditSince(s.ctx, since)).map((e) => e.action)).toEqual(['role.expire']);
      const decided = await api('POST', `/admin/roles/requests/${id}/cancel`, h.R);
      expect([decided.code, decided.msg]).toEqual([
        409,
        'This request was already confirmed, cancelled or expired',
      ]);
      const again = await api('POST', '/admin/roles/grant', h.R, { address: m.M.address, role: 'auditor' });
      expect(again.data.status).toBe('pending');
      expect((await api('POST', `/admin/roles/requests/${again.data.request.id}/cancel`, h.R)).code).toBe(
        200,
      );
    });

    it('granting admin waits for a second admin: the requester cannot confirm, another admin does', async () => {
      const since = await lastAuditId(s.ctx);
      const asked = await api('POST', '/admin/roles/grant', h.R, { address: m.P.address, role: 'admin' });
      expect(asked.code, asked.msg).toBe(200);
      expect(asked.data).toMatchObject({ status: 'pending', address: m.P.address, roles: [] });
      const id = asked.data.request.id as string;
      expect(asked.data.request).toMatchObject({
        id,
        address: m.P.address,
        role: 'admin',
        action: 'grant',
        requested_by: m.R.address,
      });
      // P is no admin yet.
      expect((await api('GET', '/admin/roles', await headersOf(s.ctx, m.P))).status).toBe(403);
      const twice = await api('POST', '/admin/roles/grant', h.R, { address: m.P.address, role: 'admin' });
      expect([twice.code, twice.msg]).toEqual([
        409,
        'A change of the admin role of this member already waits for a second admin',
      ]);
      const listed = await api('GET', '/admin/roles', h.R);
      expect(listed.data.pending).toEqual([asked.data.request]);

      const tables = await roleTables(s.ctx);
      const own = await api('POST', `/admin/roles/requests/${id}/confirm`, h.R);
      expect([own.code, own.msg]).toEqual([409, OWN]);
      expect(await roleTables(s.ctx)).toEqual(tables);

      // The configured admin signs up: a second admin, who may confirm.
      c = await addMemberAt(s.ctx, m.R, configured.address);
      h.C = await headersOf(s.ctx, c);
      expect((await api('GET', '/admin/roles', h.C)).data.pending[0]).toMatchObject({
        id,
        confirm: can,
        cancel: can,
      });
      const confirmed = await api('POST', `/admin/roles/requests/${id}/confirm`, h.C);
      expect(confirmed.code, confirmed.msg).toBe(200);
      expect(confirmed.data).toEqual({
        id,
        action: 'grant',
        status: 'confirmed',
        address: m.P.address,
        roles: ['admin'],
      });
      const again = await api('POST', `/admin/roles/requests/${id}/confirm`, h.C);
      expect([again.code, again.msg]).toEqual([
        409,
        'This request was already confirmed, cancelled or expired',
      ]);
      const none = await api('POST', '/admin/roles/requests/999999/confirm', h.C);
      expect([none.code, none.msg]).toEqual([404, 'This role request does not exist']);

      expect(await auditSince(s.ctx, since)).toEqual([
        {
          action: 'role.request',
          target: `member:${m.P.address}`,
          actor: m.R.address,
          before: { roles: [] },
          after: { roles: [], pending: { request: id, action: 'grant', role: 'admin' } },
        },
        {
          action: 'role.confirm',
          target: `member:${m.P.address}`,
          actor: c.address,
          before: {
            roles: [],
            pending: { request: id, action: 'grant', role: 'admin', requested_by: m.R.address },
          },
          after: { roles: ['admin'] },
        },
      ]);
      expect((await api('GET', '/admin/roles', await headersOf(s.ctx, m.P))).status).toBe(200);
      const holders = (await api('GET', '/admin/roles', h.R)).data;
      expect(holders.pending).toEqual([]);
      expect(holders.holders.find((x: AnyData) => x.address === m.P.address).roles).toEqual([
        {
          role: 'admin',
          granted_by: c.address,
          granted_at: expect.any(String),
          from_config: false,
          revoke: can,
        },
      ]);
      // Both admins who made it are on record: the one who asked and the one who confirmed.
      const [grant] = (await roleTables(s.ctx)).grants.filter((g) => g.user_id === m.P.id.toString());
      expect([grant?.granted_by, grant?.requested_by]).toEqual([c.id.toString(), m.R.id.toString()]);
    });

    it('either admin cancels a pending grant; nothing changes for the member', async () => {
      const since = await lastAuditId(s.ctx);
      const a1 = await api('POST', '/admin/roles/grant', h.R, { address: m.Q.address, role: 'admin' });
      const id1 = a1.data.request.id as string;
      const byRequester = await api('POST', `/admin/roles/requests/${id1}/cancel`, h.R);
      expect(byRequester.data).toEqual({
        id: id1,
        action: 'grant',
        status: 'cancelled',
        address: m.Q.address,
        roles: [],
      });
      const a2 = await api('POST', '/admin/roles/grant', h.R, { address: m.Q.address, role: 'admin' });
      const id2 = a2.data.request.id as string;
      expect(id2).not.toBe(id1);
      const byOther = await api('POST', `/admin/roles/requests/${id2}/cancel`, h.P);
      expect(byOther.data.status).toBe('cancelled');
      const late = await api('POST', `/admin/roles/requests/${id2}/confirm`, h.C);
      expect([late.code, late.msg]).toEqual([
        409,
        'This request was already confirmed, cancelled or expired',
      ]);
      const log = await auditSince(s.ctx, since);
      expect(log.map((e) => [e.action, e.actor])).toEqual([
        ['role.request', m.R.address],
        ['role.cancel', m.R.address],
        ['role.request', m.R.address],
        ['role.cancel', m.P.address],
      ]);
      expect(log[3]).toMatchObject({
        target: `member:${m.Q.address}`,
        before: {
          roles: [],
          pending: { request: id2, action: 'grant', role: 'admin', requested_by: m.R.address },
        },
        after: { roles: [] },
      });
      expect((await api('GET', '/admin/roles', await headersOf(s.ctx, m.Q))).status).toBe(403);
    });

    it('revoking an auditor waits for a second admin too: the auditor keeps its power until another admin confirms', async () => {
      const asked = await api('POST', '/admin/roles/revoke', h.R, { address: m.A.address, role: 'auditor' });
      expect(asked.data).toMatchObject({
        status: 'pending',
        address: m.A.address,
        roles: ['auditor'],
        request: { action: 'revoke', role: 'auditor', requested_by: m.R.address, confirm: cannot(OWN) },
      });
      const holders = (await api('GET', '/admin/roles', h.R)).data;
      // While it waits, the same role cannot be asked about again.
      expect(holders.holders.find((x: AnyData) => x.address === m.A.address).roles[0].revoke).toEqual(
        cannot('A change of the auditor role of this member already waits for a second admin'),
      );
      expect((await api('GET', '/admin/audit-log', h.A)).status).toBe(200);
      const own = await api('POST', `/admin/roles/requests/${asked.data.request.id}/confirm`, h.R);
      expect(own.code).toBe(409);
      const res = await api('POST', `/admin/roles/requests/${asked.data.request.id}/confirm`, h.C);
      expect(res.data).toMatchObject({ action: 'revoke', status: 'confirmed', roles: [] });
      expect((await api('GET', '/admin/audit-log', h.A)).status).toBe(403);
      await grantRole(s.ctx.db, m.A.id, 'auditor', m.R.id);
      s.ctx.cache.members.clear();
    });

    it('a configured admin cannot be revoked through the API (the message says configuration decides)', async () => {
      const before = await roleTables(s.ctx);
      const res = await api('POST', '/admin/roles/revoke', h.R, { address: c.address, role: 'admin' });
      expect([res.code, res.msg]).toEqual([409, CONFIG]);
      expect(await roleTables(s.ctx)).toEqual(before);
    });

    it('revoking admin waits for a second admin; an admin may confirm its own removal while another remains', async () => {
      const asked = await api('POST', '/admin/roles/revoke', h.P, { address: m.P.address, role: 'admin' });
      expect(asked.data).toMatchObject({
        status: 'pending',
        roles: ['admin'],
        request: { action: 'revoke' },
      });
      expect((await api('GET', '/admin/roles', h.P)).status).toBe(200);
      const res = await api('POST', `/admin/roles/requests/${asked.data.request.id}/confirm`, h.C);
      expect(res.data).toEqual({
        id: asked.data.request.id,
        action: 'revoke',
        status: 'confirmed',
        address: m.P.address,
        roles: [],
      });
      expect((await api('GET', '/admin/roles', h.P)).status).toBe(403);
      const r = await api('POST', '/admin/roles/revoke', h.C, { address: m.R.address, role: 'admin' });
      const done = await api('POST', `/admin/roles/requests/${r.data.request.id}/confirm`, h.R);
      expect(done.data.roles).toEqual([]);
      expect((await api('GET', '/admin/roles', h.R)).status).toBe(403);
      // Back as it was for the audit log tests.
      await grantRole(s.ctx.db, m.R.id, 'admin', c.id);
      s.ctx.cache.members.clear();
    });
  });

  describe('audit log', () => {
    it('admins and auditors read it newest first; analysts and members do not', async () => {
      const res = await api('GET', '/admin/audit-log?size=3', h.A);
      expect(res.code, res.msg).toBe(200);
      expect(res.data.list).toHaveLength(3);
      const ids = res.data.list.map((e: AnyData) => BigInt(e.id));
      expect([...ids].sort((a, b) => (a < b ? 1 : -1))).toEqual(ids);
      // The newest: R confirmed its own removal, which C asked for.
      expect(res.data.list[0]).toMatchObject({
        action: 'role.confirm',
        actor: m.R.address,
        target: `member:${m.R.address}`,
      });
      expect(res.data).toMatchObject({ page: 1, size: 3, has_more: true });
      expect((await api('GET', '/admin/audit-log', h.N)).status).toBe(403);
      expect((await api('GET', '/admin/audit-log', h.M)).status).toBe(403);
    });

    it('filters by action prefix (LIKE characters are literal), actor, target and days', async () => {
      const all = await api('GET', '/admin/audit-log?size=100', h.R);
      const total = all.data.total as number;
      expect(total).toBe(all.data.list.length);
      const grants = await api('GET', '/admin/audit-log?action=role.req&size=100', h.R);
      expect(grants.data.list.map((e: AnyData) => e.action)).toEqual(Array(9).fill('role.request'));
      // "_" is no wildcard: "role_" matches nothing.
      expect((await api('GET', '/admin/audit-log?action=role_', h.R)).data.total).toBe(0);
      expect((await api('GET', '/admin/audit-log?action=role%25', h.R)).data.total).toBe(0);
      const byC = await api(
        'GET',
        `/admin/audit-log?actor=${c.address.toUpperCase().replace('0X', '0x')}&size=100`,
        h.R,
      );
      expect(byC.data.list.map((e: AnyData) => e.action)).toEqual([
        'role.request',
        'role.confirm',
        'role.confirm',
        'role.confirm',
      ]);
      const nobody = await api('GET', `/admin/audit-log?actor=${newWallet().address}`, h.R);
      expect(nobody.data).toMatchObject({ list: [], total: 0, has_more: false });
      const onQ = await api('GET', `/admin/audit-log?target=member:${m.Q.address}`, h.R);
      expect(onQ.data.total).toBe(4);
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect((await api('GET', `/admin/audit-log?from=${today}&to=${today}&size=100`, h.R)).data.total).toBe(
        total,
      );
      expect((await api('GET', `/admin/audit-log?from=${tomorrow}`, h.R)).data.total).toBe(0);
      expect((await api('GET', '/admin/audit-log?to=2000-01-01', h.R)).data.total).toBe(0);
      // Blank filters are no filters (a form sends them empty).
      expect(
        (await api('GET', '/admin/audit-log?action=&actor=&target=&from=&to=&size=100', h.R)).data.total,
      ).toBe(total);
    });

    it('pages: the last page says no more', async () => {
      const total = (await api('GET', '/admin/audit-log', h.R)).data.total as number;
      const pages = Math.ceil(total / 4);
      const seen: string[] = [];
      for (let p = 1; p <= pages; p++) {
        const res = await api('GET', `/admin/audit-log?size=4&page=${p}`, h.R);
        seen.push(...res.data.list.map((e: AnyData) => e.id));
        expect(res.data.has_more).toBe(p < pages);
      }
      expect(new Set(seen).size).toBe(total);
    });

    it('refuses bad filters with a clear message', async () => {
      const cases: Array<[string, string]> = [
        ['actor=0x12', 'Invalid actor: this value is not valid'],
        ['from=2026-13-01', 'Invalid from: this value is not valid'],
        ['from=2026-02-30', 'Invalid from: this value is not valid'],
        ['to=yesterday', 'Invalid to: this value is not valid'],
        ['from=2026-05-02&to=2026-05-01', 'Invalid to: this value is not valid'],
        ['size=101', 'Invalid size: this value is too long or too large'],
        ['page=0', 'Invalid page: this value is too small'],
      ];
      for (const [query, msg] of cases) {
        const res = await api('GET', `/admin/audit-log?${query}`, h.R);
        expect([res.code, res.msg], query).toEqual([400, msg]);
      }
    });
  });
});
