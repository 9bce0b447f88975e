// Nonces of the local wallet, decided in one place: two sends in a row never collide, and a stuck send can be
// replaced (speed up, cancel) with fees a node accepts. The rules are pure; `nextLocalNonce` reads the chain and
// the local store; `withNonceLock` serialises every send of this tab (choose nonce → sign → send → record).
import type { Address, PublicClient } from 'viem';
import type { FeePerGas } from './local-fees.ts';
import { listSent, type SentTx, updateSent } from './local-sent.ts';

/** Nodes (geth, Nitro) replace a pending transaction only when both fees rise by at least 10%. */
export const REPLACEMENT_BUMP_PERCENT = 10n;
/** A pending transaction the node does not know, sent longer ago than this, is taken as dropped. */
export const DROPPED_AFTER_MS = 60_000;

/**
 * The next nonce: the chain's pending transaction count, or one above the highest nonce this wallet sent that is
 * still pending (the node may not show it yet), whichever is higher.
 */
export function chooseNonce(chainPending: number, localPending: readonly number[]): number {
  let next = chainPending;
  for (const nonce of localPending) if (nonce + 1 > next) next = nonce + 1;
  return next;
}

/** `fee` raised by REPLACEMENT_BUMP_PERCENT, rounded up, and always by at least 1 wei (0 → 1). */
export function bumped(fee: bigint): bigint {
  const raised = (fee * (100n + REPLACEMENT_BUMP_PERCENT) + 99n) / 100n;
  return raised > fee ? raised : fee + 1n;
}

/** Whether `next` may replace `previous`: both fees at least 10% higher (and strictly higher). */
export function isEnoughBump(previous: FeePerGas, next: FeePerGas): boolean {
  const enough = (a: bigint, b: bigint) => b > a && b * 100n >= a * (100n + REPLACEMENT_BUMP_PERCENT);
  return (
    enough(previous.maxFeePerGas, next.maxFeePerGas) &&
    enough(previous.maxPriorityFeePerGas, next.maxPriorityFeePerGas)
  );
}

/**
 * The fees of a replacement: each at least the previous one bumped by 10%, or today's when higher; and the max fee
 * never below the priority fee.
 */
export function replacementFees(previous: FeePerGas, current: FeePerGas): FeePerGas {
  const max = (a: bigint, b: bigint) => (a > b ? a : b);
  const maxPriorityFeePerGas = max(bumped(previous.maxPriorityFeePerGas), current.maxPriorityFeePerGas);
  const maxFeePerGas = max(max(bumped(previous.maxFeePerGas), current.maxFeePerGas), maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas };
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `task` after every task queued before it (one send at a time in this tab), whatever their outcome. */
export function withNonceLock<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * This wallet's pending sends that still hold a nonce: at or above the chain's mined count, and known to the node
 * (or too recent to tell). A pending send the node has forgotten for a minute is marked dropped, so that its nonce
 * is used again instead of leaving a gap that would block every later send.
 */
export async function heldLocalNonces(
  client: PublicClient,
  from: Address,
  minedCount: number,
  now: number = Date.now(),
): Promise<number[]> {
  const pending = listSent(from).filter((t: SentTx) => t.status === 'pending' && t.nonce >= minedCount);
  const held: number[] = [];
  for (const tx of pending) {
    const known = await client
      .getTransaction({ hash: tx.hash })
      .then(() => true)
      .catch(() => false);
    if (known || now - tx.createdAt < DROPPED_AFTER_MS) held.push(tx.nonce);
    else updateSent(tx.hash, { status: 'dropped', reason: 'dropped' });
  }
  return held;
}

/** The nonce of the wallet's next transaction (call it inside withNonceLock, and record the send before leaving). */
export async function nextLocalNonce(client: PublicClient, from: Address): Promise<number> {
  const [pendingCount, minedCount] = await Promise.all([
    client.getTransactionCount({ address: from, blockTag: 'pending' }),
    client.getTransactionCount({ address: from, blockTag: 'latest' }),
  ]);
  return chooseNonce(pendingCount, await heldLocalNonces(client, from, minedCount));
}
