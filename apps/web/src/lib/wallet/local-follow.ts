// Following the local wallet's sent transactions until they settle: mined (success, reverted, out of gas), or
// their nonce taken by another transaction (replaced by one of ours that was mined, or dropped: the node forgot
// it, or a transaction sent elsewhere with the same key took its nonce). The decision is pure (`classifySent`);
// `checkSent` reads the chain and keeps the local store up to date.
import type { Address, Hash, PublicClient } from 'viem';
import { DROPPED_AFTER_MS } from './local-nonces.ts';
import {
  findSent,
  listSent,
  type SentReason,
  type SentStatus,
  type SentTx,
  sameNonce,
  updateSent,
} from './local-sent.ts';
import { RECEIPT_POLL_MS } from './rpc.ts';

export interface MinedReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

export interface SentObservation {
  /** The transaction's receipt, when mined. */
  receipt: MinedReceipt | null;
  /** The account's mined transaction count (its next nonce at the latest block). */
  minedCount: number;
  /** Whether the node knows the transaction (pending in its pool, or mined). */
  known: boolean;
  /** Another of our transactions with the same nonce that was mined. */
  minedSibling: Hash | null;
}

export interface SentOutcome {
  status: SentStatus;
  reason?: SentReason;
  replacedBy?: Hash;
}

/** What became of a sent transaction, from what the chain shows now. */
export function classifySent(tx: SentTx, seen: SentObservation, now: number = Date.now()): SentOutcome {
  if (seen.receipt) {
    if (seen.receipt.status === 'success') return { status: 'success' };
    const outOfGas = seen.receipt.gasUsed >= BigInt(tx.gas);
    return { status: 'reverted', reason: outOfGas ? 'outOfGas' : 'reverted' };
  }
  if (seen.minedCount > tx.nonce) {
    // Its nonce is used and it is not mined: another transaction took it.
    if (seen.minedSibling) return { status: 'replaced', reason: 'replaced', replacedBy: seen.minedSibling };
    return { status: 'dropped', reason: 'dropped' };
  }
  if (!seen.known && now - tx.createdAt >= DROPPED_AFTER_MS) return { status: 'dropped', reason: 'dropped' };
  return { status: 'pending' };
}

/**
 * viem's "not found" errors by their name: a test's fake node, or a second copy of viem in a bundle, throws errors
 * of the same name that `instanceof` would not recognise.
 */
const isNamed = (error: unknown, name: string) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;

async function receiptOf(client: PublicClient, hash: Hash): Promise<MinedReceipt | null> {
  try {
    const r = await client.getTransactionReceipt({ hash });
    return {
      status: r.status,
      blockNumber: r.blockNumber,
      gasUsed: r.gasUsed,
      effectiveGasPrice: r.effectiveGasPrice,
    };
  } catch (error) {
    // Not mined: the node says it has no receipt. Any other failure (a timeout, an HTTP error on a busy node) is no
    // answer, never "not mined": taken as one, a mined transaction whose nonce had passed was called dropped.
    if (isNamed(error, 'TransactionReceiptNotFoundError')) return null;
    throw error;
  }
}

/** Whether the node knows the transaction (pending or mined); a failed read is thrown, not taken as "unknown". */
async function knownTo(client: PublicClient, hash: Hash): Promise<boolean> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch (error) {
    if (isNamed(error, 'TransactionNotFoundError')) return false;
    throw error;
  }
}

/**
 * Reads what the chain shows of `tx` (a pending one) and stores its outcome; the updated entry. Rejects when the
 * node does not answer (the entry stays pending: the next check decides).
 */
export async function checkSent(client: PublicClient, tx: SentTx): Promise<SentTx> {
  if (tx.status !== 'pending') return tx;
  let receipt = await receiptOf(client, tx.hash);
  let seen: SentObservation = { receipt, minedCount: 0, known: true, minedSibling: null };
  if (!receipt) {
    const [minedCount, known] = await Promise.all([
      client.getTransactionCount({ address: tx.from, blockTag: 'latest' }),
      knownTo(client, tx.hash),
    ]);
    let minedSibling: Hash | null = null;
    if (minedCount > tx.nonce) {
      // Mined between the two reads? Its own receipt first, then the others of its nonce.
      receipt = await receiptOf(client, tx.hash);
      for (const other of sameNonce(tx)) {
        if (receipt) break;
        if (await receiptOf(client, other.hash)) {
          minedSibling = other.hash;
          break;
        }
      }
    }
    seen = { receipt, minedCount, known, minedSibling };
  }
  const outcome = classifySent(tx, seen);
  if (outcome.status === 'pending') return tx;
  return (
    updateSent(tx.hash, {
      ...outcome,
      ...(receipt && {
        blockNumber: receipt.blockNumber.toString(),
        gasUsed: receipt.gasUsed.toString(),
        feePaid: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
      }),
    }) ?? { ...tx, ...outcome }
  );
}

/** Checks a stored transaction by hash (undefined when this browser did not send it). */
export async function checkSentHash(client: PublicClient, hash: Hash): Promise<SentTx | undefined> {
  const tx = findSent(hash);
  return tx && checkSent(client, tx);
}

/** Checks every pending transaction of the wallet (the list's small follower); the wallet's entries after. */
export async function checkPendingSent(client: PublicClient, from: Address): Promise<SentTx[]> {
  for (const tx of listSent(from).filter((t) => t.status === 'pending')) await checkSent(client, tx);
  return listSent(from);
}

/**
 * Checks `tx` every `intervalMs` until it settles (or `signal` aborts); the settled entry. A check the node does not
 * answer is asked again at the next interval.
 */
export async function waitSettled(
  client: PublicClient,
  tx: SentTx,
  intervalMs: number = RECEIPT_POLL_MS,
  signal?: AbortSignal,
): Promise<SentTx> {
  let current = tx;
  for (;;) {
    // A read the node did not answer decides nothing: the next interval asks again.
    current = await checkSent(client, current).catch(() => current);
    if (current.status !== 'pending' || signal?.aborted) return current;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
