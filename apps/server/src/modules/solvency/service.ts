import { transferAbi } from '@agc/contracts';
import type { DbOrTx } from '@agc/db';
import {
  AGC_DECIMALS,
  ErrorCode,
  formatAmount,
  type Solvency,
  type SolvencyAsset,
  type SolvencyBucketKey,
  type SolvencyPartKey,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/errors.ts';
import { chainClient } from '@server/modules/chain/index.ts';
import { latestNavs, priceRedemption } from '@server/modules/funds/index.ts';
import { lockedPurchases, vestedAgc } from '@server/modules/launchpad/index.ts';
import { ACCOUNTS, memberTotalsOf } from '@server/modules/ledger/index.ts';
import { erc20Abi } from 'viem';
import {
  heldFundUnits,
  MEMBER_TOKEN_CODES,
  openRedemptionUnits,
  openWithdrawals,
  pendingEarnOuts,
  redemptionFees,
  systemBalance,
} from './repository.ts';

export type Token = 'USDT' | 'AGC';
export const TOKENS: readonly Token[] = ['USDT', 'AGC'];
const DECIMALS: Record<Token, number> = { USDT: USDT_DECIMALS, AGC: AGC_DECIMALS };
export const BUCKETS: readonly SolvencyBucketKey[] = ['now', 'min5', 'h72', 'later'];
/** The bucket ends after now: 5 minutes, 72 hours. */
export const MIN5_MS = 5 * 60_000;
export const H72_MS = 72 * 3_600_000;
const BP = 10_000n;

/** The bucket of something payable at `dueAt`, seen at `now`. */
export function bucketOf(now: Date, dueAt: Date): SolvencyBucketKey {
  const wait = dueAt.getTime() - now.getTime();
  if (wait <= 0) return 'now';
  if (wait <= MIN5_MS) return 'min5';
  if (wait <= H72_MS) return 'h72';
  return 'later';
}

/** Liabilities of one token: amount per bucket and part (only what is above zero is kept). */
export type Liabilities = Record<SolvencyBucketKey, Map<SolvencyPartKey, bigint>>;

const emptyLiabilities = (): Liabilities => ({
  now: new Map(),
  min5: new Map(),
  h72: new Map(),
  later: new Map(),
});

function add(l: Liabilities, bucket: SolvencyBucketKey, part: SolvencyPartKey, amount: bigint) {
  if (amount < 0n) throw new Error(`negative liability ${part}: ${amount}`);
  if (amount === 0n) return;
  l[bucket].set(part, (l[bucket].get(part) ?? 0n) + amount);
}

/**
 * Every member liability per token, by when it becomes payable, read from the ledger and the records it holds the
 * amounts of, in one read-only snapshot (README.md says which account is which part and why).
 */
export function readLiabilities(ctx: AppContext, now: Date): Promise<Record<Token, Liabilities>> {
  return ctx.db.transaction((tx) => liabilitiesIn(tx, ctx, now), SNAPSHOT);
}

/** readLiabilities inside a transaction the caller holds (the proof of liabilities reads its members beside it). */
export async function liabilitiesIn(
  tx: DbOrTx,
  ctx: AppContext,
  now: Date,
): Promise<Record<Token, Liabilities>> {
  const min5 = new Date(now.getTime() + MIN5_MS);
  const h72 = new Date(now.getTime() + H72_MS);
  const earn = ctx.config.earn;
  const out: Record<Token, Liabilities> = { USDT: emptyLiabilities(), AGC: emptyLiabilities() };
  // The ledger's running totals (kept with every posting), not a scan of every member account.
  const totals = await memberTotalsOf(tx, MEMBER_TOKEN_CODES);
  for (const token of TOKENS) {
    const total = (code: string) => totals.get(`${code}|${token}`) ?? 0n;
    add(out[token], 'now', 'available', total(ACCOUNTS.available));
    add(out[token], 'now', 'fund_profit', total(ACCOUNTS.fundAvailableProfit));
    add(out[token], 'later', 'fund_subscribing', total(ACCOUNTS.fundSubscribing));
  }
  for (const w of await openWithdrawals(tx))
    add(out[w.asset], 'now', w.status === 'Withdrawable' ? 'vouchers' : 'auditing', w.received);

  // Simple earn: a holding can leave in transfers below the fast limit, each arriving after the fast delay.
  const holdingsDue = new Date(now.getTime() + (earn.fastLimit > 0n ? earn.fastDelayMs : earn.slowDelayMs));
  add(
    out.USDT,
    bucketOf(now, holdingsDue),
    'earn_holdings',
    await systemBalance(tx, ACCOUNTS.earnHoldings, 'USDT'),
  );
  const outs = await pendingEarnOuts(tx, now, min5, h72);
  for (const b of BUCKETS) add(out.USDT, b, 'earn_out', outs[b]);

  // Launchpad AGC: what the schedule releases by each bucket's end, less what was already moved to available.
  for (const p of await lockedPurchases(tx)) {
    const unmoved = (t: Date) => {
      const v = vestedAgc(p.agc, p.terms, t) - p.released;
      return v > 0n ? v : 0n;
    };
    const [a, b, c] = [unmoved(now), unmoved(min5), unmoved(h72)];
    add(out.AGC, 'now', 'launchpad_release', a);
    add(out.AGC, 'min5', 'launchpad_release', b - a);
    add(out.AGC, 'h72', 'launchpad_release', c - b);
    add(out.AGC, 'later', 'launchpad_release', p.agc - p.released - c);
  }

  // Funds: units valued as a redemption would pay them at the last published NAV (less the redemption fee).
  const held = await heldFundUnits(tx, now);
  const redeeming = await openRedemptionUnits(tx);
  const { value, fees } = await fundPricer(tx, [...held, ...redeeming]);
  for (const h of held)
    add(
      out.USDT,
      'later',
      h.unlocked ? 'fund_unlocked' : 'fund_locked',
      value(h.productId, h.units, fees.get(h.productId) ?? 0),
    );
  for (const r of redeeming) add(out.USDT, 'later', 'fund_redeeming', value(r.productId, r.units, r.feePpm));
  return out;
}

/**
 * How the view values fund units: as a redemption would pay them at the product's last published NAV, less the
 * redemption fee (`priceRedemption`), and each product's current redemption fee rate.
 */
export async function fundPricer(tx: DbOrTx, rows: ReadonlyArray<{ productId: number }>) {
  const ids = rows.map((r) => r.productId);
  const [navs, fees] = await Promise.all([latestNavs(tx, ids), redemptionFees(tx, ids)]);
  const value = (productId: number, units: bigint, feePpm: number) => {
    const nav = navs.get(productId);
    if (!nav) throw new Error(`fund product ${productId} has units but no published NAV`);
    return priceRedemption(units, feePpm, nav.navE8).amount;
  };
  return { value, fees };
}

/** One consistent, read-only view of the database: every query of a transaction sees the same committed state. */
export const SNAPSHOT = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/** The treasury's token balances at one block. */
export interface TreasuryRead {
  block: { number: bigint; hash: string; time: Date };
  holders: Array<{
    key: 'vault' | 'payment_treasury';
    address: `0x${string}`;
    balances: Record<Token, bigint>;
  }>;
}

/**
 * Reads the block first, then every balance AT that block: the vault that pays withdrawals and, when the payment
 * contract sends payments elsewhere, that treasury too (its address read at the same block). A chain that cannot be
 * read is a 503 with a translated message, never a 500.
 */
export async function readTreasury(ctx: AppContext): Promise<TreasuryRead> {
  const client = chainClient(ctx.chain);
  const { vault, transfer, usdt, agc } = ctx.chain.contracts;
  const tokenAddress: Record<Token, `0x${string}`> = { USDT: usdt, AGC: agc };
  try {
    const block = await client.getBlock({ blockTag: 'latest' });
    const blockNumber = block.number;
    const treasury = await client.readContract({
      address: transfer,
      abi: transferAbi,
      functionName: 'treasury',
      blockNumber,
    });
    const addresses: Array<{ key: 'vault' | 'payment_treasury'; address: `0x${string}` }> = [
      { key: 'vault', address: vault },
    ];
    if (treasury.toLowerCase() !== vault.toLowerCase())
      addresses.push({ key: 'payment_treasury', address: treasury.toLowerCase() as `0x${string}` });
    const holders = await Promise.all(
      addresses.map(async (h) => {
        const [u, a] = await Promise.all(
          TOKENS.map((t) =>
            client.readContract({
              address: tokenAddress[t],
              abi: erc20Abi,
              functionName: 'balanceOf',
              args: [h.address],
              blockNumber,
            }),
          ),
        );
        return { ...h, balances: { USDT: u ?? 0n, AGC: a ?? 0n } };
      }),
    );
    return {
      block: { number: blockNumber, hash: block.hash, time: new Date(Number(block.timestamp) * 1000) },
      holders,
    };
  } catch (cause) {
    // The cause stays in the server's log (the error handler hides internals from the answer).
    throw Object.assign(new AppError(ErrorCode.unavailable, 'solvency.chain_unavailable'), { cause });
  }
}

/** assets / liabilities in whole basis points, rounded down; null when nothing is owed. */
export const coverageBp = (assets: bigint, liabilities: bigint): bigint | null =>
  liabilities === 0n ? null : (assets * BP) / liabilities;

/** One token's card: the treasury's balance against the liabilities bucket by bucket, cumulatively. */
export function assetView(token: Token, l: Liabilities, holders: TreasuryRead['holders']): SolvencyAsset {
  const d = DECIMALS[token];
  const fmt = (v: bigint) => formatAmount(v, d);
  const bp = (assets: bigint, owed: bigint) => coverageBp(assets, owed)?.toString() ?? null;
  const assets = holders.reduce((sum, h) => sum + h.balances[token], 0n);
  let cumulative = 0n;
  let due72 = 0n;
  const buckets = BUCKETS.map((key) => {
    const parts = [...l[key]].map(([part, amount]) => ({ key: part, amount: fmt(amount) }));
    const total = [...l[key].values()].reduce((s, v) => s + v, 0n);
    cumulative += total;
    if (key !== 'later') due72 = cumulative;
    return {
      key,
      total: fmt(total),
      cumulative: fmt(cumulative),
      coverage_bp: bp(assets, cumulative),
      covered: assets >= cumulative,
      parts,
    };
  });
  return {
    asset: token,
    decimals: d,
    assets: fmt(assets),
    holders: holders.map((h) => ({ key: h.key, address: h.address, amount: fmt(h.balances[token]) })),
    liabilities: fmt(cumulative),
    coverage_bp: bp(assets, cumulative),
    buckets,
    due_72h: fmt(due72),
    covered_72h: assets >= due72,
    shortfall_72h: fmt(assets >= due72 ? 0n : due72 - assets),
  };
}

/** GET /admin/solvency: the ledger (one snapshot) and the chain (one block), read side by side. */
export async function solvency(ctx: AppContext): Promise<Solvency> {
  const now = ctx.now();
  const [liabilities, treasury] = await Promise.all([readLiabilities(ctx, now), readTreasury(ctx)]);
  const assets = TOKENS.map((t) => assetView(t, liabilities[t], treasury.holders));
  return {
    block: {
      number: treasury.block.number.toString(),
      hash: treasury.block.hash,
      time: treasury.block.time.toISOString(),
    },
    as_of: now.toISOString(),
    assets,
    warning: assets.some((a) => !a.covered_72h),
  };
}
