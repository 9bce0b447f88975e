// The transactions this browser's local wallet sent, kept in localStorage so that the result page, the list's
// pending items and the nonce rules survive a reload. Amounts and fees are decimal strings of minor units.
import type { Address, Hash } from 'viem';
import type { LocalAsset } from './local-chain.ts';

export type SentStatus = 'pending' | 'success' | 'reverted' | 'dropped' | 'replaced';
/** Why a transaction did not go through: reverted by the contract, out of gas, its nonce taken by another one. */
export type SentReason = 'reverted' | 'outOfGas' | 'dropped' | 'replaced';

export interface SentTx {
  hash: Hash;
  from: Address;
  /** The recipient as the member typed it (for a token: the token's receiver, not the contract). */
  to: Address;
  asset: LocalAsset;
  /** Minor units, as a decimal string. */
  amount: string;
  nonce: number;
  /** EIP-1559 fees the transaction was signed with (wei, decimal strings), for speeding up or cancelling it. */
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  gas: string;
  /** What this transaction is: a send, or a speed-up / cancel of the transaction `replaces`. */
  kind: 'send' | 'speedUp' | 'cancel' | 'sweep';
  replaces?: Hash;
  /** The transaction that took this one's nonce (a speed-up, a cancel, or another wallet's send). */
  replacedBy?: Hash;
  status: SentStatus;
  /** Why it failed, when the chain says. */
  reason?: SentReason;
  blockNumber?: string;
  /** Once mined: gas used and the fee paid (wei, decimal strings; on Arbitrum the fee includes the L1 part). */
  gasUsed?: string;
  feePaid?: string;
  createdAt: number;
}

const KEY = 'localWalletSent';
/** Kept per browser; older settled entries beyond this are forgotten (the chain keeps them). */
const MAX_ENTRIES = 200;

function readAll(): SentTx[] {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as SentTx[]) : [];
  } catch {
    return [];
  }
}

function writeAll(list: SentTx[]): void {
  const pending = list.filter((t) => t.status === 'pending');
  const settled = list
    .filter((t) => t.status !== 'pending')
    .slice(0, Math.max(0, MAX_ENTRIES - pending.length));
  try {
    globalThis.localStorage?.setItem(
      KEY,
      JSON.stringify([...pending, ...settled].sort((a, b) => b.createdAt - a.createdAt)),
    );
  } catch {
    // storage full or disabled: the chain still has the transaction
  }
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The wallet's sent transactions, newest first. */
export function listSent(from: Address): SentTx[] {
  return readAll().filter((t) => same(t.from, from));
}

export function findSent(hash: Hash): SentTx | undefined {
  return readAll().find((t) => same(t.hash, hash));
}

export function recordSent(tx: SentTx): void {
  writeAll([tx, ...readAll().filter((t) => !same(t.hash, tx.hash))]);
}

export function updateSent(hash: Hash, patch: Partial<SentTx>): SentTx | undefined {
  let updated: SentTx | undefined;
  writeAll(
    readAll().map((t) => {
      if (!same(t.hash, hash)) return t;
      updated = { ...t, ...patch };
      return updated;
    }),
  );
  return updated;
}

/** The wallet's other transactions with the same nonce (its speed-ups, cancels, or the one they replace). */
export function sameNonce(tx: SentTx): SentTx[] {
  return listSent(tx.from).filter((t) => t.nonce === tx.nonce && !same(t.hash, tx.hash));
}

/** Forgets the wallet's history (when its key is removed from this browser). */
export function forgetSent(from: Address): void {
  writeAll(readAll().filter((t) => !same(t.from, from)));
}
