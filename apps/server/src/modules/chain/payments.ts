import { transferAbi } from '@agc/contracts';
import { type DbOrTx, schema } from '@agc/db';
import { sql } from 'drizzle-orm';
import { type Log, parseEventLogs } from 'viem';
import type { AppContext } from '../../context.ts';
import { applyPayments, type PaidEvent } from '../shop/confirmation.ts';

const { chainEvents } = schema;

/** Paid events of the payment contract among logs (others are ignored). */
export function paidEvents(ctx: AppContext, logs: Log[]): PaidEvent[] {
  const transfer = ctx.chain.contracts.transfer.toLowerCase();
  return parseEventLogs({ abi: transferAbi, eventName: 'Paid', logs })
    .filter((l) => l.address.toLowerCase() === transfer && l.transactionHash && l.blockNumber !== null)
    .map((l) => ({
      txHash: l.transactionHash.toLowerCase(),
      logIndex: l.logIndex,
      blockNumber: l.blockNumber,
      orderId: l.args.orderId,
      payer: l.args.payer.toLowerCase(),
      usdtAmount: l.args.usdtAmount,
      agcAmount: l.args.agcAmount,
    }));
}

/**
 * Ingests payment events inside the caller's transaction: each is stored once (unique on chain id,
 * tx hash, log index); only the ones stored now are applied to their orders, so reading a range
 * twice, or two processes reading it, confirms nothing twice. Returns how many were new.
 */
export async function ingestPaidEvents(ctx: AppContext, tx: DbOrTx, events: PaidEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const inserted = await tx
    .insert(chainEvents)
    .values(
      events.map((e) => ({
        chainId: ctx.chain.id,
        txHash: e.txHash,
        logIndex: e.logIndex,
        blockNumber: e.blockNumber,
        contract: 'transfer',
        name: 'Paid',
        orderId: e.orderId,
        args: {
          orderId: e.orderId.toString(),
          payer: e.payer,
          usdtAmount: e.usdtAmount.toString(),
          agcAmount: e.agcAmount.toString(),
        },
      })),
    )
    .onConflictDoNothing()
    .returning({ id: chainEvents.id, txHash: chainEvents.txHash, logIndex: chainEvents.logIndex });
  if (inserted.length === 0) return 0;
  const fresh = new Set(inserted.map((r) => `${r.txHash}:${r.logIndex}`));
  const idOf = new Map(inserted.map((r) => [`${r.txHash}:${r.logIndex}`, r.id]));
  const todo = events
    .filter((e) => fresh.has(`${e.txHash}:${e.logIndex}`))
    .sort((a, b) =>
      a.blockNumber !== b.blockNumber ? (a.blockNumber < b.blockNumber ? -1 : 1) : a.logIndex - b.logIndex,
    );
  const outcomes = await applyPayments(ctx, tx, todo);
  const values = sql.join(
    todo.map((e, i) => sql`(${idOf.get(`${e.txHash}:${e.logIndex}`)!.toString()}::bigint, ${outcomes[i]!})`),
    sql`, `,
  );
  await tx.execute(
    sql`update chain_events c set outcome = v.outcome from (values ${values}) as v(id, outcome) where c.id = v.id`,
  );
  return inserted.length;
}
