import type { DbOrTx } from '@agc/db';
import type { SolvencyPartKey } from '@agc/shared';
import { ACCOUNTS } from '@server/modules/ledger/index.ts';
import {
  memberBalanceRows,
  memberBalances,
  memberEarnHoldings,
  memberFundProducts,
  memberHeldFundUnits,
  memberOpenWithdrawals,
  memberPendingEarnOuts,
  memberRedemptionUnits,
  memberUnreleasedAgc,
} from './repository.ts';
import { fundPricer, type Token } from './service.ts';

/**
 * What the platform owes each member, by the view's parts (README.md "Which accounts are member liabilities"), summed
 * over every bucket: the proof of liabilities' leaves. Read with the view's own queries grouped by member, in the
 * caller's transaction, so that beside `liabilitiesIn` in one snapshot the members' amounts add up to the view's.
 */

export type PartAmounts = Partial<Record<SolvencyPartKey, Partial<Record<Token, bigint>>>>;

export interface MemberLiability {
  USDT: bigint;
  AGC: bigint;
  parts: PartAmounts;
}

export interface MemberLiabilities {
  members: Map<bigint, MemberLiability>;
  /** Amounts that cannot be a liability (a negative balance): the snapshot must not be published. */
  problems: string[];
}

/**
 * Splits `total` over `weights` in proportion: each share rounded down, then one minor unit more to each of the
 * largest remainders (ties: the earlier weight), so the shares add up to `total` exactly.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) return weights.map(() => 0n);
  const shares = weights.map((w) => (total * w) / sum);
  let rest = total - shares.reduce((a, b) => a + b, 0n);
  const order = weights
    .map((w, i) => ({ remainder: (total * w) % sum, i }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (rest === 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    rest -= 1n;
  }
  return shares;
}

/**
 * Every member's liabilities at `now`, in the caller's (repeatable-read) transaction; with `only`, that one member's
 * (a member's assets view): the same code, each query narrowed to their rows, except the fund groups, which are read
 * whole for the products they hold (a share of a group's value depends on every holder's units), so that their
 * amounts are exactly those of the whole read.
 */
export function memberLiabilitiesIn(tx: DbOrTx, now: Date, only?: bigint): Promise<MemberLiabilities> {
  return readMemberLiabilities(tx, now, only, true);
}

/**
 * Every member's liabilities at `now` but their token balances (available, fund earnings, subscriptions): the parts
 * read from records (withdrawals, earn, launchpad, fund units), which few members have. With `memberBalancePages`
 * in the same snapshot: every member's whole liabilities.
 */
export function memberLiabilitiesBesideBalancesIn(tx: DbOrTx, now: Date): Promise<MemberLiabilities> {
  return readMemberLiabilities(tx, now, undefined, false);
}

/** A member's address and token balances by part, summed by the database (`memberBalancePages`). */
export interface MemberBalances {
  userId: bigint;
  address: string;
  USDT: bigint;
  AGC: bigint;
  /** The parts as JSON text (`{"available": {"USDT": "…"}}`: amounts as decimal strings), null when none. */
  parts: string | null;
}

const PART_OF_CODE: Readonly<Record<string, SolvencyPartKey>> = {
  [ACCOUNTS.available]: 'available',
  [ACCOUNTS.fundAvailableProfit]: 'fund_profit',
  [ACCOUNTS.fundSubscribing]: 'fund_subscribing',
};

/**
 * Every member (those owed nothing too), by id, in pages of about `pageSize`, with their token balances by part (one
 * entry per member, its parts as JSON text: no object per part, no array of every member held). A negative balance
 * is left out of the sums and reported in `problems`, as `memberLiabilitiesIn` does.
 */
export async function* memberBalancePages(
  tx: DbOrTx,
  pageSize: number,
  problems: string[],
): AsyncGenerator<MemberBalances[]> {
  let m: MemberBalances | undefined;
  let id: string | undefined;
  // A member's parts as they come: `"available":{"USDT":"5","AGC":"7"}` for each part, in the rows' order.
  let parts: Record<string, string> = {};
  const done = (out: MemberBalances[]) => {
    if (!m) return;
    const keys = Object.keys(parts);
    if (keys.length > 0) m.parts = `{${keys.map((k) => `"${k}":{${parts[k]}}`).join(',')}}`;
    out.push(m);
  };
  for await (const rows of memberBalanceRows(tx, Object.keys(PART_OF_CODE), pageSize)) {
    const out: MemberBalances[] = [];
    for (const r of rows) {
      if (r.id !== id || !m) {
        done(out);
        id = r.id;
        m = { userId: BigInt(r.id), address: r.address, USDT: 0n, AGC: 0n, parts: null };
        parts = {};
      }
      if (r.code === null || r.asset === null || r.balance === null) continue;
      const part = PART_OF_CODE[r.code] as SolvencyPartKey;
      const amount = BigInt(r.balance);
      if (amount < 0n) {
        problems.push(`member ${r.id}: ${part} of ${amount} ${r.asset} minor units is negative`);
        continue;
      }
      m[r.asset] += amount;
      parts[part] = `${parts[part] ? `${parts[part]},` : ''}"${r.asset}":"${r.balance}"`;
    }
    if (out.length > 0) yield out;
  }
  const last: MemberBalances[] = [];
  done(last);
  if (last.length > 0) yield last;
}

async function readMemberLiabilities(
  tx: DbOrTx,
  now: Date,
  only: bigint | undefined,
  withBalances: boolean,
): Promise<MemberLiabilities> {
  const members = new Map<bigint, MemberLiability>();
  const problems: string[] = [];
  const add = (userId: bigint, part: SolvencyPartKey, token: Token, amount: bigint) => {
    if (amount === 0n) return;
    if (amount < 0n) {
      problems.push(`member ${userId}: ${part} of ${amount} ${token} minor units is negative`);
      return;
    }
    let m = members.get(userId);
    if (!m) {
      m = { USDT: 0n, AGC: 0n, parts: {} };
      members.set(userId, m);
    }
    m[token] += amount;
    const p = m.parts[part] ?? {};
    p[token] = (p[token] ?? 0n) + amount;
    m.parts[part] = p;
  };

  if (withBalances)
    for (const b of await memberBalances(tx, Object.keys(PART_OF_CODE), only))
      add(b.userId, PART_OF_CODE[b.code] as SolvencyPartKey, b.asset, b.amount);
  for (const w of await memberOpenWithdrawals(tx, only))
    add(w.userId, w.status === 'Withdrawable' ? 'vouchers' : 'auditing', w.asset, w.received);
  for (const e of await memberEarnHoldings(tx, only)) add(e.userId, 'earn_holdings', 'USDT', e.amount);
  for (const e of await memberPendingEarnOuts(tx, only)) add(e.userId, 'earn_out', 'USDT', e.amount);
  for (const l of await memberUnreleasedAgc(tx, only)) add(l.userId, 'launchpad_release', 'AGC', l.amount);

  // Funds: the view prices each group's units together (one product, lock ended or not, one fee rate); each member
  // gets a share of that value by units, so that the shares add up to it to the minor unit.
  const products = only === undefined ? undefined : await memberFundProducts(tx, only);
  const held = await memberHeldFundUnits(tx, now, products);
  const redeeming = await memberRedemptionUnits(tx, products);
  const { value, fees } = await fundPricer(tx, [...held, ...redeeming]);
  const groups = new Map<
    string,
    {
      part: SolvencyPartKey;
      productId: number;
      feePpm: number;
      rows: Array<{ userId: bigint; units: bigint }>;
    }
  >();
  const group = (key: string, part: SolvencyPartKey, productId: number, feePpm: number) => {
    let g = groups.get(key);
    if (!g) {
      g = { part, productId, feePpm, rows: [] };
      groups.set(key, g);
    }
    return g;
  };
  for (const h of held)
    group(
      `held|${h.productId}|${h.unlocked}`,
      h.unlocked ? 'fund_unlocked' : 'fund_locked',
      h.productId,
      fees.get(h.productId) ?? 0,
    ).rows.push(h);
  for (const r of redeeming)
    group(`redeeming|${r.productId}|${r.feePpm}`, 'fund_redeeming', r.productId, r.feePpm).rows.push(r);
  for (const g of groups.values()) {
    g.rows.sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    const units = g.rows.reduce((s, r) => s + r.units, 0n);
    const shares = allocate(
      value(g.productId, units, g.feePpm),
      g.rows.map((r) => r.units),
    );
    g.rows.forEach((r, i) => {
      add(r.userId, g.part, 'USDT', shares[i] ?? 0n);
    });
  }
  if (only !== undefined) for (const id of [...members.keys()]) if (id !== only) members.delete(id);
  return { members, problems };
}
