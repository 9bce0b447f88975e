import { randomBytes } from 'node:crypto';
import { schema } from '@agc/db';
import { interpolate } from '@agc/shared';
import { apiMessages } from '@agc/shared/api-messages';
import { defined } from '@agc/shared/defined';
import { TokenService } from '@server/lib/tokens.ts';
import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNonce,
  newWallet,
  session,
  signIn,
  siweMessage,
  startTestServer,
  type TestServer,
} from './helpers.ts';

const en = apiMessages.en;
let s: TestServer;
const root = newWallet();
let rootCode: string;

const postAuth = (payload: object) => s.app.inject({ method: 'POST', url: '/api/v1/auth', payload });

/** A fresh nonce for the wallet and the sign-in message over it, signed by the wallet. */
async function signedMessage(w: ReturnType<typeof newWallet>) {
  const nonce = await getNonce(s.app, w.address);
  const message = siweMessage(s.ctx, w, nonce);
  return { nonce, message, signature: await w.signMessage({ message }) };
}

async function memberCount() {
  const [row] = await s.db.db.select({ n: count() }).from(schema.users);
  return Number(row?.n);
}

beforeAll(async () => {
  s = await startTestServer({ ADMIN_ADDRESSES: root.address });
  const headers = await session(s, root);
  const me = await s.app.inject({ method: 'GET', url: '/api/v1/me', headers });
  rootCode = me.json().data.invite_code;
});
afterAll(async () => {
  await s.close();
});

describe('GET /api/v1/nonce', () => {
  it('issues a fresh nonce that expires in 5 minutes', async () => {
    const before = Date.now();
    const res = await s.app.inject({ method: 'GET', url: `/api/v1/nonce?address=${newWallet().address}` });
    const body = res.json();
    expect(res.statusCode).toBe(200);
    expect(body.code).toBe(200);
    expect(body.data.nonce).toMatch(/^[0-9a-f]{32}$/);
    const ttl = new Date(body.data.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan(299_000);
    expect(ttl).toBeLessThan(301_000);
  });

  it('names the field when the address is missing or malformed', async () => {
    const missing = await s.app.inject({ method: 'GET', url: '/api/v1/nonce' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      code: 400,
      msg: interpolate(en.validation.field, { field: 'address', reason: en.validation.required }),
      data: null,
    });
    const bad = await s.app.inject({ method: 'GET', url: '/api/v1/nonce?address=0x1234' });
    expect(bad.json().msg).toBe(
      interpolate(en.validation.field, { field: 'address', reason: en.validation.invalid }),
    );
  });

  it('answers in the Accept-Language locale', async () => {
    for (const [header, locale] of [
      ['ko-KR,ko;q=0.9', 'ko'],
      ['zh-TW', 'zh-Hant'],
      ['zh-CN', 'zh-Hans'],
      ['de-DE', 'en'],
    ] as const) {
      const res = await s.app.inject({
        method: 'GET',
        url: '/api/v1/nonce',
        headers: { 'accept-language': header },
      });
      const m = apiMessages[locale].validation;
      expect(res.json().msg).toBe(interpolate(m.field, { field: 'address', reason: m.required }));
    }
  });
});

describe('POST /api/v1/auth', () => {
  it('makes the first address of an empty system the root, with a working token', async () => {
    const headers = await session(s, root);
    const me = await s.app.inject({ method: 'GET', url: '/api/v1/me', headers });
    expect(me.statusCode).toBe(200);
    const data = me.json().data;
    expect(data.address).toBe(root.address.toLowerCase());
    expect(data.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(data.roles).toEqual(['admin']);
    const [row] = await s.db.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.address, root.address.toLowerCase()));
    expect(row?.inviterId).toBeNull();
    expect(row?.parentId).toBeNull();
  });

  it('signs up a new address with an invitation code and side', async () => {
    const w = newWallet();
    const { body } = await signIn(s, w, { invite_code: rootCode.toLowerCase(), side: 'right' });
    expect(body.code).toBe(200);
    expect(body.data?.address).toBe(w.address.toLowerCase());
    const [row] = await s.db.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.address, w.address.toLowerCase()));
    expect(row?.side).toBe('right');
    expect(row?.depth).toBe(1);
  });

  it.each([
    ['no invitation code', {}, 400, en.register.invite_required],
    ['no side', { invite_code: 'ABCDEFGH' }, 400, en.register.side_required],
    [
      'an unknown code',
      { invite_code: 'ZZZZZZZZ', side: 'left' as const },
      400,
      interpolate(en.register.unknown_invite, { code: 'ZZZZZZZZ' }),
    ],
  ])(
    'refuses a new address with %s and changes nothing, not even the nonce',
    async (_name, extra, code, msg) => {
      const w = newWallet();
      const before = await memberCount();
      const { nonce, message, signature } = await signedMessage(w);
      const res = await postAuth({ message, signature, ...extra });
      expect(res.json()).toEqual({ code, msg, data: null });
      expect(await memberCount()).toBe(before);
      const [n] = await s.db.db.select().from(schema.nonces).where(eq(schema.nonces.nonce, nonce));
      expect(n?.usedAt).toBeNull();
      // The same signed message goes through once the invitation is right.
      const retry = await postAuth({ message, signature, invite_code: rootCode, side: 'left' });
      expect(retry.json().code).toBe(200);
    },
  );

  it('refuses a malformed invitation code or side by field', async () => {
    const w = newWallet();
    const { message, signature } = await signedMessage(w);
    const code = await postAuth({ message, signature, invite_code: 'x!', side: 'left' });
    expect(code.json().msg).toBe(
      interpolate(en.validation.field, { field: 'invite_code', reason: en.validation.invalid }),
    );
    const side = await postAuth({ message, signature, invite_code: rootCode, side: 'up' });
    expect(side.json().msg).toBe(
      interpolate(en.validation.field, { field: 'side', reason: en.validation.invalid }),
    );
    const none = await postAuth({ signature });
    expect(none.json().msg).toBe(
      interpolate(en.validation.field, { field: 'message', reason: en.validation.required }),
    );
  });

  it('refuses a replayed nonce', async () => {
    const first = await signIn(s, root);
    expect(first.body.code).toBe(200);
    const replay = await postAuth({ message: first.message, signature: first.signature });
    expect(replay.json()).toEqual({ code: 401, msg: en.nonce.invalid, data: null });
  });

  it('refuses an expired nonce', async () => {
    const nonce = await getNonce(s.app, root.address);
    s.advance(300_001);
    try {
      const message = siweMessage(s.ctx, root, nonce);
      const res = await postAuth({ message, signature: await root.signMessage({ message }) });
      expect(res.json()).toEqual({ code: 401, msg: en.nonce.expired, data: null });
    } finally {
      s.advance(-300_001);
    }
  });

  it('refuses a nonce issued for another address, or never issued', async () => {
    const other = newWallet();
    const nonce = await getNonce(s.app, other.address);
    const message = siweMessage(s.ctx, root, nonce);
    const res = await postAuth({ message, signature: await root.signMessage({ message }) });
    expect(res.json().msg).toBe(en.nonce.invalid);
    const made = siweMessage(s.ctx, root, randomBytes(16).toString('hex'));
    const res2 = await postAuth({ message: made, signature: await root.signMessage({ message: made }) });
    expect(res2.json().msg).toBe(en.nonce.invalid);
  });

  it('refuses the wrong chain id', async () => {
    const { body } = await signIn(s, root, { chainId: 1 });
    expect(body).toEqual({
      code: 400,
      msg: interpolate(en.siwe.wrong_chain, { chainId: 42161, got: 1 }),
      data: null,
    });
  });

  it('refuses another domain or origin', async () => {
    const d = await signIn(s, root, { domain: 'evil.example' });
    expect(d.body).toEqual({
      code: 400,
      msg: interpolate(en.siwe.wrong_domain, { domain: 'evil.example' }),
      data: null,
    });
    const u = await signIn(s, root, { uri: 'https://evil.example/login' });
    expect(u.body.msg).toBe(interpolate(en.siwe.wrong_domain, { domain: s.ctx.config.siweDomain }));
  });

  it('refuses a signature by another address', async () => {
    const { body } = await signIn(s, root, { signer: newWallet() });
    expect(body).toEqual({ code: 401, msg: en.siwe.bad_signature, data: null });
  });

  it('refuses an expired message, a future one and a malformed one', async () => {
    const now = Date.now();
    expect(
      (await signIn(s, root, { expirationTime: new Date(now - 1000), issuedAt: new Date(now - 60_000) })).body
        .msg,
    ).toBe(en.siwe.expired);
    expect(
      (
        await signIn(s, root, {
          issuedAt: new Date(now + 3_600_000),
          expirationTime: new Date(now + 7_200_000),
        })
      ).body.msg,
    ).toBe(en.siwe.issued_in_future);
    const garbage = await postAuth({ message: 'hello', signature: '0x1234' });
    expect(garbage.json()).toEqual({ code: 400, msg: en.siwe.malformed, data: { rule: 'header' } });
    const nonce = await getNonce(s.app, root.address);
    const message = siweMessage(s.ctx, root, nonce);
    const badSig = await postAuth({ message, signature: '0x1234' });
    expect(badSig.json()).toEqual({ code: 401, msg: en.siwe.bad_signature, data: null });
  });

  it('answers a body that is not JSON clearly', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/auth',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json()).toEqual({ code: 400, msg: en.validation.bad_json, data: null });
  });
});

describe('POST /api/v1/auth: the strict message and its dates', () => {
  const MIN = 60_000;
  const post = async (message: string) =>
    (await postAuth({ message, signature: await root.signMessage({ message }) })).json();

  /** A message made with a fresh nonce is refused as expected; the nonce is untouched and still signs in. */
  async function refusedNonceKept(make: (nonce: string) => string, expected: unknown) {
    const nonce = await getNonce(s.app, root.address);
    expect(await post(make(nonce))).toEqual(expected);
    const [n] = await s.db.db.select().from(schema.nonces).where(eq(schema.nonces.nonce, nonce));
    expect(n?.usedAt).toBeNull();
    expect((await post(siweMessage(s.ctx, root, nonce))).code).toBe(200);
  }
  const refusal = (key: keyof typeof en.siwe, data: unknown = null, vars = {}) => ({
    code: 400,
    msg: interpolate(en.siwe[key], vars),
    data,
  });

  it('refuses an issued-at older than the nonce lifetime plus the clock skew (20 minutes)', async () => {
    await refusedNonceKept(
      (nonce) => siweMessage(s.ctx, root, nonce, { issuedAt: new Date(s.ctx.now().getTime() - 20 * MIN) }),
      refusal('issued_too_old'),
    );
    // 9 minutes is within 5 (nonce) + 5 (skew).
    const { body } = await signIn(s, root, { issuedAt: new Date(s.ctx.now().getTime() - 9 * MIN) });
    expect(body.code).toBe(200);
  });

  it('refuses an issued-at more than the clock skew in the future (10 minutes)', async () => {
    await refusedNonceKept(
      (nonce) => siweMessage(s.ctx, root, nonce, { issuedAt: new Date(s.ctx.now().getTime() + 10 * MIN) }),
      refusal('issued_in_future'),
    );
    const { body } = await signIn(s, root, { issuedAt: new Date(s.ctx.now().getTime() + 4 * MIN) });
    expect(body.code).toBe(200);
  });

  it('refuses an expiry more than an hour after issued-at (2 days)', async () => {
    await refusedNonceKept(
      (nonce) =>
        siweMessage(s.ctx, root, nonce, { expirationTime: new Date(s.ctx.now().getTime() + 2 * 1440 * MIN) }),
      refusal('expiry_too_far', null, { minutes: 60 }),
    );
    const { body } = await signIn(s, root, { expirationTime: new Date(s.ctx.now().getTime() + 59 * MIN) });
    expect(body.code).toBe(200);
  });

  it('refuses a not-before after the expiry or beyond the clock skew', async () => {
    const at = (ms: number) => new Date(s.ctx.now().getTime() + ms).toISOString();
    // The helper's message ends with its Expiration Time (now + 10 minutes): Not Before comes next.
    await refusedNonceKept(
      (nonce) => `${siweMessage(s.ctx, root, nonce)}\nNot Before: ${at(11 * MIN)}`,
      refusal('not_before_after_expiry'),
    );
    await refusedNonceKept(
      (nonce) => `${siweMessage(s.ctx, root, nonce)}\nNot Before: ${at(6 * MIN)}`,
      refusal('not_yet_valid'),
    );
    const nonce = await getNonce(s.app, root.address);
    expect((await post(`${siweMessage(s.ctx, root, nonce)}\nNot Before: ${at(4 * MIN)}`)).code).toBe(200);
  });

  it('refuses an address line that is not EIP-55 checksummed, even correctly signed', async () => {
    await refusedNonceKept(
      (nonce) => {
        const [header, address = '', ...rest] = siweMessage(s.ctx, root, nonce).split('\n');
        return [header, address.toLowerCase(), ...rest].join('\n');
      },
      refusal('address_not_checksummed', { rule: 'address_checksum', field: 'address' }),
    );
  });

  it('refuses a message that is not exactly EIP-4361, naming the rule', async () => {
    await refusedNonceKept(
      (nonce) => siweMessage(s.ctx, root, nonce).replace('\nIssued At: ', '\nFoo: bar\nIssued At: '),
      refusal('malformed', { rule: 'unknown_line' }),
    );
    await refusedNonceKept(
      (nonce) => `${siweMessage(s.ctx, root, nonce)}\n`,
      refusal('malformed', { rule: 'trailing_newline' }),
    );
    await refusedNonceKept(
      (nonce) => siweMessage(s.ctx, root, nonce).replace(/Issued At: (\S+)Z/, 'Issued At: $1'),
      refusal('malformed', { rule: 'date_zone', field: 'issuedAt' }),
    );
  });

  it('answers the new refusals in the Accept-Language locale', async () => {
    const { res } = await signIn(s, root, {
      expirationTime: new Date(s.ctx.now().getTime() + 2 * 1440 * MIN),
      headers: { 'accept-language': 'ja' },
    });
    expect(res.json().msg).toBe(interpolate(apiMessages.ja.siwe.expiry_too_far, { minutes: 60 }));
  });
});

describe('session tokens', () => {
  it('401 for a missing, tampered, expired or mismatched token', async () => {
    const headers = await session(s, root);
    const me = (h: Record<string, string>) => s.app.inject({ method: 'GET', url: '/api/v1/me', headers: h });
    expect((await me({})).json()).toEqual({ code: 401, msg: en.auth.required, data: null });
    const token = headers.authorization.slice(7);
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me({ ...headers, authorization: `Bearer ${tampered}` })).json().msg).toBe(
      en.auth.invalid_token,
    );
    expect((await me({ authorization: headers.authorization })).json().msg).toBe(en.auth.wallet_mismatch);
    expect((await me({ ...headers, 'x-wallet-address': newWallet().address })).json().msg).toBe(
      en.auth.wallet_mismatch,
    );
    const forged = await new TokenService('x'.repeat(64), 3600).sign(root.address.toLowerCase(), 1n, 'x');
    expect((await me({ ...headers, authorization: `Bearer ${forged}` })).json().msg).toBe(
      en.auth.invalid_token,
    );
    // Same secret, already expired: only the expiry differs.
    const secret = (s.ctx.tokens as unknown as { key: Uint8Array }).key;
    const expired = await new TokenService(new TextDecoder().decode(secret), -10).sign(
      root.address.toLowerCase(),
      1n,
      'x',
    );
    const res = await me({ ...headers, authorization: `Bearer ${expired}` });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe(en.auth.expired);
    // The real one still works, whatever the header's letter case.
    expect(
      (await me({ ...headers, 'x-wallet-address': root.address.toUpperCase().replace('0X', '0x') }))
        .statusCode,
    ).toBe(200);
  });
});

describe('placement', () => {
  it('puts a new member at the outermost free position of the chosen side, inviter kept apart', async () => {
    const t = await startTestServer();
    try {
      const r = newWallet();
      await session(t, r);
      const code = async (w: ReturnType<typeof newWallet>) =>
        (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: await session(t, w) })).json().data
          .invite_code as string;
      const rc = await code(r);
      const a = newWallet();
      const b = newWallet();
      const c = newWallet();
      const d = newWallet();
      await session(t, a, { invite_code: rc, side: 'left' });
      await session(t, b, { invite_code: rc, side: 'left' });
      await session(t, c, { invite_code: rc, side: 'right' });
      await session(t, d, { invite_code: await code(a), side: 'left' });
      const rows = await t.db.db.select().from(schema.users);
      const by = (w: { address: string }) => defined(rows.find((u) => u.address === w.address.toLowerCase()));
      expect(by(a)).toMatchObject({ parentId: by(r).id, side: 'left', depth: 1, inviterId: by(r).id });
      expect(by(b)).toMatchObject({ parentId: by(a).id, side: 'left', depth: 2, inviterId: by(r).id });
      expect(by(c)).toMatchObject({ parentId: by(r).id, side: 'right', depth: 1 });
      // d was invited by a, but a's outermost left slot is below b.
      expect(by(d)).toMatchObject({ parentId: by(b).id, side: 'left', depth: 3, inviterId: by(a).id });
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: await session(t, r) });
      expect(me.json().data.invited_count_all).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('keeps one member per slot when many sign up on one leg at once', async () => {
    const t = await startTestServer();
    try {
      const r = newWallet();
      const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: await session(t, r) });
      const rc = me.json().data.invite_code as string;
      const wallets = Array.from({ length: 20 }, newWallet);
      const results = await Promise.all(wallets.map((w) => signIn(t, w, { invite_code: rc, side: 'right' })));
      expect(results.map((x) => x.body.code)).toEqual(wallets.map(() => 200));
      const rows = await t.db.db.select().from(schema.users);
      const right = rows.filter((u) => u.side === 'right');
      expect(right.map((u) => u.depth).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(new Set(right.map((u) => String(u.parentId))).size).toBe(20);
      const legs = await t.db.db.select().from(schema.legs).where(isNull(schema.legs.tailUserId));
      expect(legs).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('rate limits and unknown routes', () => {
  it('limits nonce and auth requests per minute with a translated message', async () => {
    const t = await startTestServer({ RATE_LIMIT_NONCE_PER_MINUTE: '3', RATE_LIMIT_AUTH_PER_MINUTE: '2' });
    try {
      const url = `/api/v1/nonce?address=${newWallet().address}`;
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      const limited = await t.app.inject({ method: 'GET', url });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe(429);
      expect(limited.json().msg).toMatch(/^Too many requests\. Please wait \d+ seconds and try again$/);
      const post = () =>
        t.app.inject({ method: 'POST', url: '/api/v1/auth', payload: { message: 'x', signature: '0x00' } });
      await post();
      await post();
      expect((await post()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/nope?x=1' });
    expect(res.json()).toEqual({
      code: 404,
      msg: interpolate(en.errors.route_not_found, { method: 'GET', url: '/api/v1/nope' }),
      data: null,
    });
  });
});
