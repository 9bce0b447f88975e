import { randomBytes } from 'node:crypto';
import {
  type AnvilInstance,
  type Deployment,
  devQuoteSigner,
  devVoucherSigner,
  freePort,
} from '@agc/contracts';
import { type DbHandle, openDb, rowsOf } from '@agc/db';
import { createEmptyPgDatabase, dropEmptyPgDatabase } from '@agc/db/testing';
import { apiSession } from '@agc/e2e/support/api.ts';
import type { TxResponse } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import { sql } from 'drizzle-orm';
import { type PrivateKeyAccount, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './built-server.ts';
import { chainTools, startLocalChain } from './chain.ts';
import { newWallet } from './helpers.ts';
import { expectLedgerClean } from './ledger-support.ts';
import { grantRewards } from './withdraw-support.ts';

/**
 * Scale-out: two built server processes on one PostgreSQL and one chain, as behind a load
 * balancer. The money path crosses them (sign up on one, pay, see Success and the referral on the other,
 * withdraw on one, approve on the other, claim), the caches are long-lived (60 s) so only the
 * cross-process invalidation can make the other process show a change at once, and one process is killed
 * with `kill -9` in the middle of a withdrawal burst: nothing lost, nothing doubled, the ledger checks out,
 * and the survivor takes the jobs over. PostgreSQL only: PGlite is one process.
 */
const PG = process.env.DATABASE_URL;
const USDT = 10n ** 6n;
const LEASE_SECONDS = 3;

let anvil: AnvilInstance;
let deployment: Deployment;
let tools: ReturnType<typeof chainTools>;
let url: string;
let db: DbHandle;
let A: BuiltServer;
let B: BuiltServer;
const root = newWallet();
const admin2 = newWallet();
const member = newWallet();
const burst = Array.from({ length: 4 }, () => newWallet());

type Headers = Record<string, string>;
const headers = {} as Record<'root' | 'admin2' | 'member', Headers>;

/** An API answer; `data` is read field by field, as each test needs it. */
interface Answer {
  code: number;
  msg: string;
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it needs
  data: any;
}

async function api(
  server: BuiltServer,
  who: Headers,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${server.base}/api/v1/${path}`, {
    method,
    headers: { ...who, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return (await res.json()) as Answer;
}

async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 15_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v)} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until an order is Success on a server (confirmed by whichever process watches the chain). */
const orderConfirmed = (what: string, on: BuiltServer, h: Headers, id: string, ms?: number) =>
  until(
    what,
    async () => (await api(on, h, 'GET', `order/${id}`)).data.status,
    (s) => s === 'Success',
    ms,
  );

/** Waits until both processes show one of the root's /me figures at a value (no stale cache beyond 5 s). */
async function rootMeOnBoth(what: string, field: string, value: string) {
  for (const s of [A, B])
    await until(
      what,
      async () => (await api(s, headers.root, 'GET', 'me')).data[field],
      (v) => v === value,
      5000,
    );
}

/** Buys product 1 as `who`: order on one server, the three transactions from the other's answers, report on the first. */
async function buy(orderOn: BuiltServer, stepsFrom: BuiltServer, who: PrivateKeyAccount, h: Headers) {
  const order = await api(orderOn, h, 'POST', 'order', { product_id: 1 });
  expect(order.code).toBe(200);
  const id = defined(order.data.order_id);
  let hash = '';
  for (const step of [`order/approve/agc/${id}`, `order/approve/usdt/${id}`, `order/tx/${id}`]) {
    const tx = await api(stepsFrom, h, 'GET', step);
    expect(tx.code).toBe(200);
    hash = await tools.send(who, tx.data.tx as unknown as TxResponse['tx']);
  }
  const reported = await api(orderOn, h, 'POST', 'order/pay', { order_id: id, tx_hash: hash });
  expect(reported.code).toBe(200);
  return id;
}

describe.skipIf(!PG)('two server processes on one PostgreSQL', () => {
  beforeAll(async () => {
    ({ anvil, deployment } = await startLocalChain());
    tools = chainTools(anvil, deployment);
    url = await createEmptyPgDatabase(defined(PG), 'agc_scale');

    const key = (a: ReturnType<typeof devVoucherSigner>) => toHex(defined(a.getHdKey().privateKey));
    const portA = await freePort();
    const env = {
      NODE_ENV: 'test',
      CHAIN_RPC_URL: anvil.url,
      AGC_ADDRESS: deployment.agc,
      USDT_ADDRESS: deployment.usdt,
      TRANSFER_ADDRESS: deployment.transfer,
      VAULT_ADDRESS: deployment.vault,
      TRANSFER_START_BLOCK: deployment.blockNumber.toString(),
      SIGNER_PRIVATE_KEY: key(devVoucherSigner()),
      QUOTE_SIGNER_PRIVATE_KEY: key(devQuoteSigner()),
      CHAIN_FINALITY: 'confirmations',
      CHAIN_CONFIRMATIONS: '1',
      WATCHER_POLL_MS: '200',
      JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      JWT_SECRET: randomBytes(32).toString('hex'),
      // One public origin: the load balancer's (sign-in messages name it, whichever process answers).
      PUBLIC_ORIGIN: `http://localhost:${portA}`,
      ADMIN_ADDRESSES: `${root.address},${admin2.address}`,
      // Long-lived caches: a change made by one process must reach the other's caches by message, not by TTL.
      MEMBER_CACHE_TTL_MS: '60000',
      RATE_LIMIT_NONCE_PER_MINUTE: '1000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      RATE_LIMIT_MONEY_PER_MINUTE: '100000',
      WITHDRAW_MIN_USDT: '1',
      LOG_LEVEL: 'error',
    };
    // Started together, as a deployment would: they migrate the empty database between them.
    [A, B] = await Promise.all([
      startBuiltServer(url, { ...env, PORT: String(portA) }, 'inherit'),
      startBuiltServer(url, env, 'inherit'),
    ]);
    db = await openDb({ kind: 'postgres', url, poolSize: 2 });
    await db.db.execute(
      sql`insert into products (name, price_usdt, status) values ('Starter', 100000000, 'on')`,
    );
    for (const w of [root, member]) await tools.fund(w.address, 1_000n * USDT, 1_000n * 10n ** 18n);
  }, 120_000);

  afterAll(async () => {
    await A?.stop();
    await B?.stop();
    await db?.close();
    await anvil?.stop();
    if (url) {
      await dropEmptyPgDatabase(defined(PG), url);
    }
  });

  it('signs up on one, pays, and the other shows Success and the referral at once', async () => {
    headers.root = (await apiSession(A.base, root)).headers;
    const code = (await api(A, headers.root, 'GET', 'me')).data.invite_code;
    headers.admin2 = (await apiSession(B.base, admin2, { code, side: 'right' })).headers;
    headers.member = (await apiSession(B.base, member, { code, side: 'left' })).headers;
    // The root invests first (a referral is paid from the inviter's remaining dividends).
    const own = await buy(B, A, root, headers.root);
    await orderConfirmed('root order on A', A, headers.root, own);
    await rootMeOnBoth('root investment', 'investment_sum', '100');
    const before = await Promise.all([A, B].map(async (s) => (await api(s, headers.root, 'GET', 'me')).data));
    expect(before.map((m) => m.profit_sum)).toEqual(['0', '0']); // both cache it now, for a minute

    const id = await buy(A, B, member, headers.member);
    await orderConfirmed('order on B', B, headers.member, id);
    // The referral (10 % of 100 USDT) shows on both processes well within their cache lifetime.
    await rootMeOnBoth('referral', 'profit_sum', '10');
    expect((await api(A, headers.member, 'GET', 'me')).data.investment_sum).toBe('100');
  });

  it('withdraws on one, approves on the other, claims on chain: Success on both', async () => {
    const requested = await api(A, headers.root, 'POST', 'withdraw', { amount: '5', type: 1 });
    expect(requested.code).toBe(200);
    const id = requested.data.withdraw_id;
    await rootMeOnBoth('locked', 'locked_profit', '5');
    // The root is an admin, but not of its own withdrawal: the other admin approves, on the other process.
    expect((await api(B, headers.root, 'POST', `admin/withdraws/${id}/approve`, {})).code).toBe(403);
    expect((await api(B, headers.admin2, 'POST', `admin/withdraws/${id}/approve`, {})).data.status).toBe(
      'Withdrawable',
    );
    const claim = await api(A, headers.root, 'GET', `withdraw/claim/${id}`);
    expect(claim.code).toBe(200);
    await tools.send(root, claim.data.tx as unknown as TxResponse['tx']);
    for (const s of [A, B])
      await until(
        'claimed',
        async () => (await api(s, headers.root, 'GET', `withdraw/${id}`)).data.status,
        (v) => v === 'Success',
      );
    await rootMeOnBoth('unlocked', 'locked_profit', '0');
  });

  it('a logout on one process is refused at once by the other', async () => {
    const session = (await apiSession(A.base, member)).headers;
    expect((await api(B, session, 'GET', 'me')).code).toBe(200); // B caches the open session
    expect((await api(A, session, 'POST', 'logout', {})).data.revoked).toBe(1);
    await until(
      'refused on B',
      async () => (await api(B, session, 'GET', 'me')).code,
      (c) => c === 401,
      3000,
    );
  });

  it('kill -9 in the middle of a withdrawal burst: nothing lost, nothing doubled, the survivor takes over', async () => {
    const code = (await api(A, headers.root, 'GET', 'me')).data.invite_code;
    const members: Array<{ id: bigint; headers: Headers }> = [];
    for (const w of burst) {
      const h = (await apiSession(B.base, w, { code, side: 'left' })).headers;
      const [row] = rowsOf<{ id: string }>(
        await db.db.execute(sql`select id::text as id from users where address = ${w.address.toLowerCase()}`),
      );
      members.push({ id: BigInt(defined(row).id), headers: h });
    }
    // Each member has 100 USDT available, as a reward leaves it.
    const GRANT = 100n * USDT;
    await grantRewards(
      db.db,
      members.map((m) => ({ userId: m.id, asset: 'USDT', amount: GRANT, ref: `scale:${m.id}` })),
    );

    // The victim is the process that leads the chain watcher now (lease holders name their pid), so the
    // other must take the lease over to confirm anything afterwards.
    const [lease] = rowsOf<{ holder: string }>(
      await db.db.execute(sql`select holder from job_leases where name = 'chain-watcher'`),
    );
    const leaderPid = Number(defined(lease).holder.split(':')[1]);
    const [victim, survivor] = A.child.pid === leaderPid ? [A, B] : [B, A];
    expect(victim.child.pid).toBe(leaderPid);

    // 240 requests of 1 USDT, half to each process, 8 at a time on each; the victim is killed as soon as
    // it has answered 20, so the rest of its share is in flight or not yet sent.
    const sent = members.flatMap((m) =>
      Array.from({ length: 60 }, (_, i) => ({ m, on: i % 2 ? survivor : victim })),
    );
    const results: Array<Answer | null> = new Array(sent.length).fill(null);
    let answeredByVictim = 0;
    let killed: Promise<void> | null = null;
    const worker = async (on: BuiltServer, queue: number[]) => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
        const { m } = defined(sent[i]);
        results[i] = await api(on, m.headers, 'POST', 'withdraw', { amount: '1', type: 1 }).catch(() => null);
        if (on === victim && results[i] !== null && ++answeredByVictim === 20) killed = victim.kill9();
      }
    };
    const queueOf = (server: BuiltServer) => sent.flatMap((x, i) => (x.on === server ? [i] : []));
    const queueV = queueOf(victim);
    const queueS = queueOf(survivor);
    await Promise.all([
      ...Array.from({ length: 8 }, () => worker(victim, queueV)),
      ...Array.from({ length: 8 }, () => worker(survivor, queueS)),
    ]);
    await killed;
    const ok = results.filter((r) => r?.code === 200).map((r) => defined(r).data.withdraw_id as string);
    const fromVictim = sent.map((x, i) => ({ ...x, r: results[i] })).filter((x) => x.on === victim);
    // The victim died in the middle: some of its share was answered, some never was.
    expect(fromVictim.filter((x) => x.r?.code === 200).length).toBeGreaterThanOrEqual(20);
    expect(fromVictim.filter((x) => x.r === null).length).toBeGreaterThan(0);
    // The survivor answered every request it got, each accepted.
    expect(sent.map((x, i) => (x.on === survivor ? results[i]?.code : 200))).toEqual(sent.map(() => 200));

    const ids = members.map((m) => m.id.toString());
    const rows = rowsOf<{ id: string; user_id: string; amount: string }>(
      await db.db.execute(sql`select id::text as id, user_id::text as user_id, amount::text as amount
        from withdrawals where user_id = any(${sql.param(ids)}::bigint[])`),
    );
    // Nothing lost: every answered request is a row. Nothing doubled: no more rows than requests.
    const stored = new Set(rows.map((r) => r.id));
    for (const id of ok) expect(stored.has(id)).toBe(true);
    expect(rows.length).toBeLessThanOrEqual(sent.length);
    expect(rows.length).toBeGreaterThanOrEqual(ok.length);
    // Every member's money is where the journal says: available + locked = the grant, locked = its requests.
    const balances = rowsOf<{ user_id: string; code: string; balance: string }>(
      await db.db.execute(sql`select user_id::text as user_id, code, balance::text as balance from ledger_accounts
        where user_id = any(${sql.param(ids)}::bigint[]) and asset = 'USDT'`),
    );
    for (const m of members) {
      const of = (c: string) =>
        BigInt(balances.find((b) => b.user_id === m.id.toString() && b.code === c)?.balance ?? '0');
      const requested = rows
        .filter((r) => r.user_id === m.id.toString())
        .reduce((sum, r) => sum + BigInt(r.amount), 0n);
      expect(of(ACCOUNTS.locked)).toBe(requested);
      expect(of(ACCOUNTS.available) + of(ACCOUNTS.locked)).toBe(GRANT);
    }
    await expectLedgerClean(db.db);

    // The dead process's watcher lease runs out and the survivor takes the chain over: a new payment is
    // confirmed by it alone.
    const id = await buy(survivor, survivor, member, headers.member);
    await orderConfirmed('order after the kill', survivor, headers.member, id, (LEASE_SECONDS + 10) * 1000);
  }, 60_000);
});
