import { schema } from '@agc/db';
import { defined } from '@agc/shared/defined';
import { findByAddress } from '@server/modules/members/index.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWallet, session, startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
const root = newWallet();
const other = newWallet();
let code: string;

const me = (headers: Record<string, string>) =>
  s.app.inject({ method: 'GET', url: '/api/v1/me', headers: { ...headers, 'accept-language': 'en' } });
const post = (url: string, headers: Record<string, string>) =>
  s.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers, payload: {} });

beforeAll(async () => {
  s = await startTestServer();
  await session(s, root);
  code = defined(await findByAddress(s.ctx.db, root.address)).inviteCode;
  await session(s, other, { invite_code: code, side: 'left' });
});
afterAll(() => s.close());

describe('sessions: logout and log out everywhere', () => {
  it('a sign-in opens a session row naming where it came from', async () => {
    const headers = await session(s, root, { headers: { 'user-agent': 'TestBrowser/1.0' } });
    expect((await me(headers)).statusCode).toBe(200);
    const rows = await s.ctx.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userAgent, 'TestBrowser/1.0'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ revokedAt: null, ip: '127.0.0.1' });
    expect(defined(rows[0]).expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
  });

  it('logout ends this session only: its token is refused, another session of the member goes on', async () => {
    const a = await session(s, root);
    const b = await session(s, root);
    expect((await me(a)).statusCode).toBe(200); // cached as open
    const out = await post('logout', a);
    expect(out.json()).toMatchObject({ code: 200, data: { revoked: 1 } });
    const refused = await me(a);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe('Your session has ended. Please log in again');
    expect((await me(b)).statusCode).toBe(200);
    // Logging out again with the ended token is refused like any other request of it.
    expect((await post('logout', a)).statusCode).toBe(401);
  });

  it('log out everywhere ends every session of the member, and nobody else’s', async () => {
    const a = await session(s, root);
    const b = await session(s, root);
    const o = await session(s, other);
    for (const h of [a, b, o]) expect((await me(h)).statusCode).toBe(200);
    const out = await post('logout/all', a);
    expect(out.json().code).toBe(200);
    expect(out.json().data.revoked).toBeGreaterThanOrEqual(2);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    expect((await me(o)).statusCode).toBe(200);
    // A fresh sign-in works again.
    expect((await me(await session(s, root))).statusCode).toBe(200);
  });

  it('a token without a session (signed with the secret but never opened) is refused', async () => {
    const m = defined(await findByAddress(s.ctx.db, root.address));
    const token = await s.ctx.tokens.sign(m.address, m.id, 'never-opened');
    const res = await me({ authorization: `Bearer ${token}`, 'x-wallet-address': root.address });
    expect(res.statusCode).toBe(401);
  });
});

describe('the auth check of many requests at once, on cold caches (sessions and members read in batches)', () => {
  it('gives each request its own answer: open, revoked, foreign, unknown session and unknown member mixed', async () => {
    const third = newWallet();
    await session(s, third, { invite_code: code, side: 'right' });
    const open = [await session(s, root), await session(s, other), await session(s, third)];
    const revoked = await session(s, other);
    expect((await post('logout', revoked)).statusCode).toBe(200);
    const sessionOf = async (h: Record<string, string>) => {
      const v = await s.ctx.tokens.verify(defined(h.authorization).slice('Bearer '.length));
      if (!v.ok) throw new Error('test token refused');
      return v;
    };
    const r = await sessionOf(defined(open[0]));
    const o = await sessionOf(defined(open[1]));
    const bearer = async (address: string, userId: bigint, sid: string) => ({
      authorization: `Bearer ${await s.ctx.tokens.sign(address, userId, sid)}`,
      'x-wallet-address': address,
    });
    // Signed with the secret (so only the session lookup can refuse them): root's token naming other's session,
    // a session that was never opened, a member that does not exist on a session that does.
    const foreign = await bearer(r.address, r.userId, o.sessionId);
    const unknownSession = await bearer(r.address, r.userId, 'never-opened-2');
    const unknownMember = await bearer(r.address, 987_654_321n, r.sessionId);

    const cases: [Record<string, string>, number, string?][] = [
      [defined(open[0]), 200, root.address],
      [foreign, 401],
      [defined(open[1]), 200, other.address],
      [revoked, 401],
      [unknownSession, 401],
      [defined(open[2]), 200, third.address],
      [unknownMember, 401],
    ];
    for (let round = 0; round < 3; round++) {
      // Cold: every session and member must be read again, and all of them are asked for at the same moment.
      s.ctx.cache.sessions.clear();
      s.ctx.cache.members.clear();
      s.ctx.cache.me.clear();
      const order = round === 1 ? [...cases].reverse() : cases;
      const answers = await Promise.all(order.flatMap(([h]) => [me(h), me(h)]));
      order.forEach(([, status, address], i) => {
        for (const res of [defined(answers[2 * i]), defined(answers[2 * i + 1])]) {
          expect(res.statusCode).toBe(status);
          if (address) expect(res.json().data.address).toBe(address.toLowerCase());
          else expect(res.json().msg).toMatch(/session has ended|log in again/i);
        }
      });
    }
    // The refusals did not poison the caches: the members' own tokens go on working.
    expect((await me(defined(open[1]))).statusCode).toBe(200);
  });
});
