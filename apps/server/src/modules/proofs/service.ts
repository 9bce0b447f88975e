import {
  type AdminPorSnapshot,
  AGC_DECIMALS,
  ErrorCode,
  formatAmount,
  type PorAsset,
  type PorHistory,
  type PorLatest,
  type PorProof,
  type PorSnapshot,
  type SolvencyPartKey,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { AppError, notFound } from '@server/lib/errors.ts';
import { writeAudit } from '@server/modules/audit/index.ts';
import { coverageBp } from '@server/modules/solvency/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { advancePublication } from './publish.ts';
import {
  buildingNow,
  findSnapshot,
  proofRows,
  publishedSnapshot,
  type SnapshotRow,
  snapshotPage,
  updateSnapshot,
} from './repository.ts';
import { takeRequestedSnapshot } from './snapshot.ts';
import { depthOf, leafSalt, pathOf, storedFrom } from './tree.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const text = (v: bigint | null) => v?.toString() ?? null;

function assetsOf(row: SnapshotRow): PorAsset[] {
  const one = (asset: 'USDT' | 'AGC', decimals: number, owed: bigint, held: bigint): PorAsset => ({
    asset,
    decimals,
    liabilities: formatAmount(owed, decimals),
    reserves: formatAmount(held, decimals),
    coverage_bp: coverageBp(held, owed)?.toString() ?? null,
  });
  return [
    one('USDT', USDT_DECIMALS, row.totalUsdt ?? 0n, row.reservesUsdt ?? 0n),
    one('AGC', AGC_DECIMALS, row.totalAgc ?? 0n, row.reservesAgc ?? 0n),
  ];
}

/** A published snapshot as the public answers show it. */
export function publicSnapshot(row: SnapshotRow): PorSnapshot {
  return {
    snapshot_id: row.id,
    day: row.day,
    as_of: iso(row.asOf) ?? '',
    root_hash: row.rootHash ?? '',
    assets: assetsOf(row),
    reserves_block: text(row.reservesBlock) ?? '0',
    reserves_block_hash: row.reservesBlockHash ?? '',
    reserves_at: iso(row.reservesAt) ?? '',
    tx_hash: row.txHash ?? '',
    published_block: text(row.publishedBlock) ?? '0',
    published_at: iso(row.publishedAt) ?? '',
  };
}

const place = (ctx: AppContext) => ({
  chain_id: ctx.chain.id,
  attestation_address: ctx.chain.contracts.attestation ?? null,
  explorer_url: ctx.chain.explorerUrl,
});

/** GET /por/latest. */
export async function latest(ctx: AppContext): Promise<PorLatest> {
  const row = await publishedSnapshot(ctx.db);
  return { ...place(ctx), snapshot: row ? publicSnapshot(row) : null };
}

/** GET /por/snapshots. */
export async function history(ctx: AppContext, page: number, size: number): Promise<PorHistory> {
  const { rows, total } = await snapshotPage(ctx.db, true, page, size);
  return { list: rows.map(publicSnapshot), total, page, size, has_more: page * size < total };
}

/**
 * GET /por/proof: the member's proof in a published snapshot (the latest, or `snapshotId`): their leaf, the path
 * (the chunk's levels recomputed from its leaves, the rest read), and the parts their amounts are made of. A
 * snapshot whose leaves retention deleted (PROOF_LEAVES_KEEP_DAYS) answers 404 `por.proof_pruned`.
 */
export async function memberProof(ctx: AppContext, userId: bigint, snapshotId?: number): Promise<PorProof> {
  const row = await publishedSnapshot(ctx.db, snapshotId);
  if (!row || row.size === null) throw notFound('por.no_snapshot');
  if (row.proofsPrunedAt) throw notFound('por.proof_pruned');
  const secret = ctx.config.proofs.saltSecret;
  const attestation = ctx.chain.contracts.attestation;
  if (!secret || !attestation) throw notFound('por.no_snapshot');
  const size = row.size;
  const low = storedFrom(size);
  const read = await proofRows(ctx.db, row.id, userId, { width: 2 ** low, low, depth: depthOf(size) });
  // No leaf: not a member then, or retention pruned the snapshot since it was read.
  if (!read)
    throw notFound(
      (await findSnapshot(ctx.db, row.id))?.proofsPrunedAt ? 'por.proof_pruned' : 'por.not_in_snapshot',
    );
  const { leaf, chunk, nodes } = read;
  const siblings = pathOf(secret, row.id, size, leaf.idx, chunk, (level, index) => {
    const n = nodes.get(`${level}/${index}`);
    return n && { hash: Buffer.from(n.hash.slice(2), 'hex'), usdt: n.usdt, agc: n.agc };
  });
  const member = chunk.get(leaf.idx);
  if (!member) throw new Error(`proof: leaf ${leaf.idx} of snapshot ${row.id} has no member`);
  const parts = Object.entries(leaf.parts ?? {}).flatMap(([key, amounts]) =>
    (['USDT', 'AGC'] as const)
      .filter((asset) => amounts[asset] !== undefined)
      .map((asset) => ({
        key: key as SolvencyPartKey,
        asset,
        amount: formatAmount(BigInt(amounts[asset] ?? '0'), asset === 'USDT' ? USDT_DECIMALS : AGC_DECIMALS),
      })),
  );
  return {
    proof: {
      snapshot_id: row.id,
      chain_id: ctx.chain.id,
      attestation_address: attestation,
      index: leaf.idx,
      salt: `0x${Buffer.from(leafSalt(secret, row.id, member.address)).toString('hex')}`,
      member: member.address,
      usdt: leaf.usdt.toString(),
      agc: leaf.agc.toString(),
      siblings,
    },
    snapshot: publicSnapshot(row),
    parts,
    rpc_url: ctx.chain.publicRpcUrl,
  };
}

/** A snapshot as the admin list shows it. */
export function adminSnapshot(row: SnapshotRow): AdminPorSnapshot {
  return {
    snapshot_id: row.id,
    day: row.day,
    status: row.status,
    requested_by: text(row.requestedBy),
    as_of: iso(row.asOf),
    built_at: iso(row.builtAt),
    build_ms: row.buildMs,
    members: row.members,
    size: row.size,
    root_hash: row.rootHash,
    total_usdt: row.totalUsdt === null ? null : formatAmount(row.totalUsdt, USDT_DECIMALS),
    total_agc: row.totalAgc === null ? null : formatAmount(row.totalAgc, AGC_DECIMALS),
    solvency_usdt: row.solvencyUsdt === null ? null : formatAmount(row.solvencyUsdt, USDT_DECIMALS),
    solvency_agc: row.solvencyAgc === null ? null : formatAmount(row.solvencyAgc, AGC_DECIMALS),
    reserves_usdt: row.reservesUsdt === null ? null : formatAmount(row.reservesUsdt, USDT_DECIMALS),
    reserves_agc: row.reservesAgc === null ? null : formatAmount(row.reservesAgc, AGC_DECIMALS),
    reserves_block: text(row.reservesBlock),
    tx_hash: row.txHash,
    sends: row.sends,
    published_block: text(row.publishedBlock),
    published_at: iso(row.publishedAt),
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

export async function adminList(ctx: AppContext, page: number, size: number) {
  const { rows, total } = await snapshotPage(ctx.db, false, page, size);
  return { list: rows.map(adminSnapshot), total, page, size, has_more: page * size < total };
}

/**
 * POST /admin/por/snapshots: a snapshot now (built and stored in this request), sent for publication at once when it
 * balances; one at a time (409 while one is being built). Audit-logged.
 */
export async function requestSnapshot(
  ctx: AppContext,
  actor: { id: bigint },
  log: FastifyBaseLogger,
): Promise<AdminPorSnapshot> {
  if (await buildingNow(ctx.db)) throw new AppError(ErrorCode.conflict, 'por.building');
  const row = await takeRequestedSnapshot(ctx, actor.id, log);
  await writeAudit(ctx.db, {
    actorId: actor.id,
    action: 'por.snapshot',
    target: `por_snapshot:${row.id}`,
    before: null,
    after: { status: row.status, root_hash: row.rootHash, error: row.error },
  });
  if (row.status === 'built') await advancePublication(ctx, row, log);
  return adminSnapshot((await findSnapshot(ctx.db, row.id)) ?? row);
}

/**
 * POST /admin/por/snapshots/:id/publish: a snapshot whose publication failed is sent again (the chain is read
 * first: if the root is there already, it is followed, never sent twice). Audit-logged.
 */
export async function republish(
  ctx: AppContext,
  id: number,
  actor: { id: bigint },
  log: FastifyBaseLogger,
): Promise<AdminPorSnapshot> {
  const before = await findSnapshot(ctx.db, id);
  if (!before) throw notFound('por.not_found');
  if (!ctx.chain.contracts.attestation) throw new AppError(ErrorCode.conflict, 'por.no_attestation');
  const row = await updateSnapshot(ctx.db, id, ['failed'], { status: 'built', error: null });
  if (!row) throw new AppError(ErrorCode.conflict, 'por.not_failed');
  await writeAudit(ctx.db, {
    actorId: actor.id,
    action: 'por.republish',
    target: `por_snapshot:${id}`,
    before: { status: before.status, error: before.error },
    after: { status: 'built' },
  });
  await advancePublication(ctx, row, log);
  return adminSnapshot((await findSnapshot(ctx.db, id)) ?? row);
}
