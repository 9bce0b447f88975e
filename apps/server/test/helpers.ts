import { randomBytes } from 'node:crypto';
import { type DbHandle, schema } from '@agc/db';
import { createTestDb } from '@agc/db/testing';
import type { App, BuildOptions } from '@server/app.ts';
import { type Config, loadConfig } from '@server/config.ts';
import type { AppContext, ChainContext } from '@server/context.ts';
import { createCaches } from '@server/lib/caches.ts';
import { TokenService } from '@server/lib/tokens.ts';
import { FUND_ORDER_TAG } from '@server/modules/chain/index.ts';
import { ingestFundPaidEvents } from '@server/modules/funds/index.ts';
import { findByAddress, type Member } from '@server/modules/members/index.ts';
import { priceSourceFrom } from '@server/modules/pricing/index.ts';
import { createOrder, ingestPaidEvents } from '@server/modules/shop/index.ts';
import { openShopIncidents } from '@server/modules/shop/payments.ts';
import { eq } from 'drizzle-orm';
import { getAddress, type Hex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { buildCheckedApp } from './contract.ts';

export interface TestServer {
  app: App;
  ctx: AppContext;
  db: DbHandle;
  /** Moves the server's clock. */
  advance(ms: number): void;
  close(): Promise<void>;
}

const ZERO = '0x0000000000000000000000000000000000000001' as const;

/**
 * A server over a fresh test database (PGlite, or PostgreSQL with DATABASE_URL); a chain only when given (see
 * chain.ts). Every answer it gives is held to the API document (contract.ts).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  config?: Partial<Config>,
  chain?: ChainContext,
  build?: BuildOptions,
): Promise<TestServer> {
  const db = await createTestDb();
  const base = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    // Generous limits unless a test is about limiting.
    RATE_LIMIT_NONCE_PER_MINUTE: '100000',
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_MONEY_PER_MINUTE: '100000',
    RATE_LIMIT_VITALS_PER_MINUTE: '100000',
    ...env,
  });
  const merged = { ...base, ...config };
  // As the runtime does outside production: a secret of its own for the proof-of-liabilities salts.
  const cfg = {
    ...merged,
    proofs: { ...merged.proofs, saltSecret: merged.proofs.saltSecret ?? randomBytes(32).toString('hex') },
  };
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const ctxChain = chain ?? {
    id: cfg.chain.id,
    rpcUrl: 'http://127.0.0.1:1',
    publicRpcUrl: 'http://127.0.0.1:1',
    explorerUrl: cfg.chain.explorerUrl,
    contracts: { agc: ZERO, usdt: ZERO, transfer: ZERO, vault: ZERO },
    startBlock: 0n,
  };
  const ctx: AppContext = {
    config: cfg,
    db: db.db,
    tokens: new TokenService(randomBytes(32).toString('hex'), cfg.jwt.ttlSeconds),
    chain: ctxChain,
    cache: createCaches(cfg.memberCacheTtlMs),
    prices: priceSourceFrom(cfg, { db: db.db, chain: ctxChain, now }),
    now,
  };
  const app = await buildCheckedApp(ctx, build);
  await app.ready();
  return {
    app,
    ctx,
    db,
    advance: (ms) => {
      offset += ms;
    },
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

export const newWallet = (): PrivateKeyAccount => privateKeyToAccount(generatePrivateKey());

export interface SiweOverrides {
  domain?: string;
  uri?: string;
  chainId?: number;
  nonce?: string;
  expirationTime?: Date;
  issuedAt?: Date;
  address?: `0x${string}`;
}

export function siweMessage(
  ctx: AppContext,
  account: PrivateKeyAccount,
  nonce: string,
  o: SiweOverrides = {},
): string {
  const now = ctx.now();
  return createSiweMessage({
    domain: o.domain ?? ctx.config.siweDomain,
    uri: o.uri ?? ctx.config.publicOrigin,
    address: getAddress(o.address ?? account.address),
    chainId: o.chainId ?? 42161,
    nonce: o.nonce ?? nonce,
    version: '1',
    statement: 'Sign in to AGCFund Portfolio.',
    issuedAt: o.issuedAt ?? now,
    expirationTime: o.expirationTime ?? new Date(now.getTime() + 600_000),
  });
}

export async function getNonce(app: App, address: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/api/v1/nonce?address=${address}` });
  if (res.statusCode !== 200) throw new Error(`nonce failed: ${res.body}`);
  return res.json().data.nonce;
}

export interface SignInOptions extends SiweOverrides {
  invite_code?: string;
  side?: 'left' | 'right';
  signer?: PrivateKeyAccount;
  headers?: Record<string, string>;
}

/** Runs the whole sign-in as a wallet would; returns the raw response. */
export async function signIn(s: TestServer, account: PrivateKeyAccount, o: SignInOptions = {}) {
  const nonce = await getNonce(s.app, account.address);
  const message = siweMessage(s.ctx, account, nonce, o);
  const signature: Hex = await (o.signer ?? account).signMessage({ message });
  const payload: Record<string, unknown> = { message, signature };
  if (o.invite_code !== undefined) payload.invite_code = o.invite_code;
  if (o.side !== undefined) payload.side = o.side;
  const res = await s.app.inject({ method: 'POST', url: '/api/v1/auth', payload, headers: o.headers });
  return {
    res,
    message,
    signature,
    body: res.json() as { code: number; msg: string; data: { token: string; address: string } | null },
  };
}

/** Signs in and returns the bearer headers, failing the test on any error. */
export async function session(s: TestServer, account: PrivateKeyAccount, o: SignInOptions = {}) {
  const { body } = await signIn(s, account, o);
  if (body.code !== 200 || !body.data) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.data.token}`, 'x-wallet-address': account.address };
}

/** Signs a wallet in (up, when `o` carries an invitation) and returns its bearer headers and its member row. */
export async function signUp(
  s: TestServer,
  account: PrivateKeyAccount,
  o: SignInOptions = {},
): Promise<{ headers: Record<string, string>; member: Member }> {
  const headers = await session(s, account, o);
  const member = await findByAddress(s.ctx.db, account.address);
  if (!member) throw new Error(`no member for ${account.address}`);
  return { headers, member };
}

export const randomHex = (n: number) => `0x${randomBytes(n).toString('hex')}` as Hex;

/** A payment event as the watcher would decode it, at a made-up place on the chain. */
export const syntheticPaid = (orderId: bigint, payer: string, usdtAmount: bigint, agcAmount: bigint) => ({
  txHash: randomHex(32),
  logIndex: 0,
  blockNumber: 1n,
  blockHash: randomHex(32),
  orderId,
  payer: payer.toLowerCase(),
  usdtAmount,
  agcAmount,
});

/** A fund order's payment event as the watcher would decode it (its on-chain id tagged), at a made-up place. */
export const syntheticFundPaid = (orderId: bigint, payer: string, usdtAmount: bigint, agcAmount = 0n) => {
  const { orderId: _order, ...place } = syntheticPaid(orderId, payer, usdtAmount, agcAmount);
  return { ...place, onChainId: FUND_ORDER_TAG | orderId };
};

/**
 * Pays a fund order the way the watcher confirms a payment (its Paid event ingested, at a made-up place on the
 * chain), without a chain; how many events were new.
 */
export const payFundOrder = (
  ctx: AppContext,
  orderId: bigint,
  payer: string,
  usdtAmount: bigint,
  agcAmount = 0n,
) =>
  ctx.db.transaction((tx) =>
    ingestFundPaidEvents(ctx, tx, [syntheticFundPaid(orderId, payer, usdtAmount, agcAmount)]),
  );

/**
 * Buys a product for a member the way the watcher confirms a purchase (an order, then its payment
 * event ingested), without a chain: for tests about what follows a confirmation.
 */
export async function buyDirectly(
  ctx: AppContext,
  member: { id: bigint; address: string },
  productId: number,
) {
  const order = await createOrder(ctx, { id: member.id, address: member.address, roles: [] }, productId);
  await ctx.db.transaction((tx) =>
    ingestPaidEvents(ctx, tx, [syntheticPaid(order.id, member.address, order.priceUsdt, order.feeAgc)]),
  );
  return order;
}

/**
 * A credited shop order's payment taken off the chain after finality, the watcher's way without a chain: its event
 * marked orphaned and handed to the shop's incident opening. Answers the event's id and the incident it opened.
 */
export async function orphanShopPayment(ctx: AppContext, orderId: bigint) {
  const [event] = await ctx.db
    .update(schema.chainEvents)
    .set({ orphanedAt: new Date() })
    .where(eq(schema.chainEvents.orderId, orderId))
    .returning();
  if (!event) throw new Error('no payment event');
  await ctx.db.transaction((tx) =>
    openShopIncidents(ctx, tx, [
      {
        id: event.id,
        contract: event.contract,
        name: event.name,
        args: event.args as Record<string, string>,
        orderId: event.orderId,
        outcome: event.outcome,
      },
    ]),
  );
  const [incident] = await ctx.db
    .select({ id: schema.chainIncidents.id })
    .from(schema.chainIncidents)
    .where(eq(schema.chainIncidents.chainEventId, event.id));
  if (!incident) throw new Error('no incident');
  return { eventId: event.id, incidentId: incident.id };
}

/**
 * An answer's data as the API tests read it. Every answer of every call is checked against the API document
 * (contract.ts), so the tests read its fields freely rather than restate each schema.
 */
// biome-ignore lint/suspicious/noExplicitAny: checked against the API document on every call (contract.ts)
export type AnyData = any;
export type ApiJson = { code: number; msg: string; data: AnyData };

/** One API call through the whole HTTP stack: the HTTP status and the envelope. */
export async function callApi(
  s: TestServer,
  method: string,
  url: string,
  headers: Record<string, string> = {},
  payload?: unknown,
  lang = 'en',
) {
  const res = await s.app.inject({
    method: method as 'GET',
    url: `/api/v1${url}`,
    headers: { 'accept-language': lang, ...headers },
    ...(payload !== undefined && { payload: payload as object }),
  });
  return { status: res.statusCode, ...(res.json() as ApiJson) };
}
