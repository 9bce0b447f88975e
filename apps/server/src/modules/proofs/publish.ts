import { liabilityAttestationAbi } from '@agc/contracts';
import { attestationReadAbi, type PublishedRoot, readPublishedRoot } from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import {
  attester,
  canonicalHashes,
  chainClient,
  finalBlockNumber,
  revertName,
} from '@server/modules/chain/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createWalletClient, http, TransactionReceiptNotFoundError } from 'viem';
import { pendingPublication, type SnapshotRow, updateSnapshot } from './repository.ts';

/**
 * Publication of built snapshots on the attestation contract, followed to finality. Idempotent: the chain is read
 * before every send (the contract takes one root per id), so a send that already landed, a second process, or an
 * admin's re-publish never publishes twice; a transaction that disappears (dropped, or reorged away) is sent again
 * after PROOF_RESEND_SECONDS; a snapshot is published once its transaction's block is final and still canonical.
 */

const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/** Does the chain's record for the id say what our snapshot says? */
const matches = (row: SnapshotRow, p: PublishedRoot) =>
  same(p.rootHash, row.rootHash) &&
  p.totalUsdt === row.totalUsdt &&
  p.totalAgc === row.totalAgc &&
  p.reservesBlock === row.reservesBlock;

/** The transaction that published this id on chain (when it got there without the hash we stored). */
async function publicationTx(ctx: AppContext, address: `0x${string}`, row: SnapshotRow) {
  const logs = await chainClient(ctx.chain).getLogs({
    address,
    event: attestationReadAbi[1],
    args: { snapshotId: BigInt(row.id) },
    fromBlock: row.reservesBlock ?? 0n,
  });
  return logs[0]?.transactionHash?.toLowerCase() ?? null;
}

/** The chain holds a root for the id: ours (follow its transaction) or another (a conflict: never ours to fix). */
async function adopt(
  ctx: AppContext,
  address: `0x${string}`,
  row: SnapshotRow,
  onChain: PublishedRoot,
  log: FastifyBaseLogger,
): Promise<void> {
  if (matches(row, onChain)) {
    const txHash = await publicationTx(ctx, address, row);
    await updateSnapshot(ctx.db, row.id, [row.status], {
      status: 'publishing',
      txHash,
      sentAt: row.sentAt ?? new Date(),
      error: null,
    });
    return;
  }
  const error = `the attestation contract holds another root for snapshot ${row.id}: ${onChain.rootHash} (${onChain.totalUsdt} USDT / ${onChain.totalAgc} AGC units)`;
  await updateSnapshot(ctx.db, row.id, [row.status], { status: 'conflict', error });
  log.error(
    { snapshot: row.id, onChain: onChain.rootHash, ours: row.rootHash },
    `proof of liabilities: ${error}`,
  );
}

/** Sends the publication of a built snapshot (after reading that the chain has none for its id). */
async function send(ctx: AppContext, address: `0x${string}`, row: SnapshotRow, log: FastifyBaseLogger) {
  const client = chainClient(ctx.chain);
  const onChain = await readPublishedRoot(client, address, row.id);
  if (onChain) return adopt(ctx, address, row, onChain, log);
  if (!row.rootHash || row.totalUsdt === null || row.totalAgc === null || row.reservesBlock === null)
    throw new Error(`proof snapshot ${row.id} is built without its root`);
  const account = attester(ctx);
  let hash: `0x${string}`;
  try {
    const { request } = await client.simulateContract({
      account,
      address,
      abi: liabilityAttestationAbi,
      functionName: 'publish',
      args: [BigInt(row.id), row.rootHash as `0x${string}`, row.totalUsdt, row.totalAgc, row.reservesBlock],
    });
    hash = await createWalletClient({ account, transport: http(ctx.chain.rpcUrl) }).writeContract({
      ...request,
      chain: null,
    });
  } catch (err) {
    const reason = revertName(err);
    // A refusal of the contract (not the attester, paused, …) waits for an admin; a chain that does not answer is
    // tried again by the next run.
    if (!reason) throw err;
    const error = `the attestation contract refused the publication: ${reason}`;
    await updateSnapshot(ctx.db, row.id, ['built'], { status: 'failed', error });
    log.error({ snapshot: row.id, reason }, `proof of liabilities: ${error}`);
    return;
  }
  await updateSnapshot(ctx.db, row.id, ['built'], {
    status: 'publishing',
    txHash: hash.toLowerCase(),
    sentAt: new Date(),
    sends: row.sends + 1,
    error: null,
  });
  log.info({ snapshot: row.id, tx: hash }, 'proof of liabilities: publication sent');
}

/** Follows a sent publication: final and canonical → published; gone → sent again; reverted → failed. */
async function follow(ctx: AppContext, address: `0x${string}`, row: SnapshotRow, log: FastifyBaseLogger) {
  const client = chainClient(ctx.chain);
  const receipt = row.txHash
    ? await client.getTransactionReceipt({ hash: row.txHash as `0x${string}` }).catch((e) => {
        if (e instanceof TransactionReceiptNotFoundError) return null;
        throw e;
      })
    : null;
  if (!receipt || receipt.status === 'reverted') {
    const onChain = await readPublishedRoot(client, address, row.id);
    if (onChain) {
      // Published by another transaction (an earlier send that landed after all): follow that one.
      if (!matches(row, onChain) || !same(await publicationTx(ctx, address, row), row.txHash))
        return adopt(ctx, address, row, onChain, log);
      return;
    }
    if (receipt) {
      const error = `the publication ${row.txHash} reverted`;
      await updateSnapshot(ctx.db, row.id, ['publishing'], { status: 'failed', error });
      log.error({ snapshot: row.id, tx: row.txHash }, `proof of liabilities: ${error}`);
      return;
    }
    if (row.sentAt && Date.now() - row.sentAt.getTime() < ctx.config.proofs.resendMs) return;
    log.warn(
      { snapshot: row.id, tx: row.txHash },
      'proof of liabilities: publication gone from the chain; sending again',
    );
    const back = await updateSnapshot(ctx.db, row.id, ['publishing'], { status: 'built', txHash: null });
    if (back) await send(ctx, address, back, log);
    return;
  }
  if (receipt.blockNumber > (await finalBlockNumber(ctx))) return;
  const canonical = await canonicalHashes(ctx, [receipt.blockNumber]);
  if (!same(canonical.get(receipt.blockNumber), receipt.blockHash)) return; // reorged meanwhile: next run sees it
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  await updateSnapshot(ctx.db, row.id, ['publishing'], {
    status: 'published',
    publishedBlock: receipt.blockNumber,
    publishedAt: new Date(Number(block.timestamp) * 1000),
    error: null,
  });
  log.info(
    { snapshot: row.id, block: String(receipt.blockNumber) },
    'proof of liabilities: published and final',
  );
}

/** One step for one snapshot (send, or follow what was sent). */
export async function advancePublication(
  ctx: AppContext,
  row: SnapshotRow,
  log: FastifyBaseLogger,
): Promise<void> {
  const address = ctx.chain.contracts.attestation;
  if (!address) return;
  if (row.status === 'built') await send(ctx, address, row, log);
  else if (row.status === 'publishing') await follow(ctx, address, row, log);
}

/** The publisher's run: every snapshot built or sent, oldest first. Nothing without an attestation contract. */
export async function publishPending(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  if (!ctx.chain.contracts.attestation) return;
  for (const row of await pendingPublication(ctx.db)) await advancePublication(ctx, row, log);
}
