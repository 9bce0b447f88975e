import { z } from 'zod';
import { proofFileSchema } from '../proof/format.ts';
import { amountString, idString, pageOf, pagingQuery } from './common.ts';
import { serialIdInput } from './input.ts';
import { solvencyPartKey } from './solvency.ts';

/**
 * Proof of liabilities (docs/proof-of-liabilities.md): each published snapshot's totals against the reserves read on
 * chain at one block (public), a member's proof (signed in), the snapshot history with its status (admin). Amounts are
 * decimal strings of the token (USDT 6 decimals, AGC 18); coverage is whole basis points as an integer string.
 */

export const porAssetSchema = z.object({
  asset: z.enum(['USDT', 'AGC']),
  decimals: z.number().int(),
  /** What members are owed in the token at the snapshot (the root's total). */
  liabilities: amountString,
  /** The vault's and the payment treasury's balance at the reserves block. */
  reserves: amountString,
  /** reserves / liabilities, basis points rounded down; null when nothing is owed. */
  coverage_bp: z.string().regex(/^\d+$/).nullable(),
});
export type PorAsset = z.infer<typeof porAssetSchema>;

/** A published snapshot as everyone sees it. */
export const porSnapshotSchema = z.object({
  snapshot_id: z.number().int(),
  /** The settled day it follows, or null (taken on an admin's request). */
  day: z.string().nullable(),
  as_of: z.string(),
  root_hash: z.string(),
  assets: z.array(porAssetSchema),
  reserves_block: idString,
  reserves_block_hash: z.string(),
  reserves_at: z.string(),
  tx_hash: z.string(),
  published_block: idString,
  published_at: z.string(),
});
export type PorSnapshot = z.infer<typeof porSnapshotSchema>;

/** Where anyone checks it: the chain, the attestation contract, the explorer. */
const chainPlace = {
  chain_id: z.number().int(),
  attestation_address: z.string().nullable(),
  explorer_url: z.string(),
};

/** GET /por/latest (public): the newest published snapshot, or null before the first one. */
export const porLatestResponse = z.object({ ...chainPlace, snapshot: porSnapshotSchema.nullable() });
export type PorLatest = z.infer<typeof porLatestResponse>;

/** GET /por/snapshots (public): published snapshots, newest first. */
export const porHistoryQuery = z.object({ ...pagingQuery({ maxSize: 100, defaultSize: 30 }) });
export const porHistoryResponse = pageOf(porSnapshotSchema);
export type PorHistory = z.infer<typeof porHistoryResponse>;

/** GET /por/proof (signed in): the latest published snapshot, or `snapshot_id`. */
export const porProofQuery = z.object({ snapshot_id: serialIdInput.optional() });

/** One part of what the member was owed at the snapshot (the solvency view's parts), per token. */
export const porPartSchema = z.object({
  key: solvencyPartKey,
  asset: z.enum(['USDT', 'AGC']),
  amount: amountString,
});

export const porProofResponse = z.object({
  /** The proof file, exactly as documented (download it as JSON). */
  proof: proofFileSchema,
  snapshot: porSnapshotSchema,
  /** What the leaf's amounts are made of: the member's balances as the app showed them at the snapshot. */
  parts: z.array(porPartSchema),
  /** Where to read the root (the browser reads it there itself). */
  rpc_url: z.string(),
});
export type PorProof = z.infer<typeof porProofResponse>;

// --- admin ---

export const porSnapshotStatus = z.enum([
  'building',
  'built',
  'unbalanced',
  'publishing',
  'published',
  'failed',
  'conflict',
]);
export type PorSnapshotStatus = z.infer<typeof porSnapshotStatus>;

export const adminPorSnapshotSchema = z.object({
  snapshot_id: z.number().int(),
  day: z.string().nullable(),
  status: porSnapshotStatus,
  requested_by: z.string().nullable(),
  as_of: z.string().nullable(),
  built_at: z.string().nullable(),
  build_ms: z.number().int().nullable(),
  members: z.number().int().nullable(),
  size: z.number().int().nullable(),
  root_hash: z.string().nullable(),
  /** The root's totals, and the solvency view's liabilities read in the same snapshot (they must be equal). */
  total_usdt: amountString.nullable(),
  total_agc: amountString.nullable(),
  solvency_usdt: amountString.nullable(),
  solvency_agc: amountString.nullable(),
  reserves_usdt: amountString.nullable(),
  reserves_agc: amountString.nullable(),
  reserves_block: idString.nullable(),
  tx_hash: z.string().nullable(),
  sends: z.number().int(),
  published_block: idString.nullable(),
  published_at: z.string().nullable(),
  /** Why it is unbalanced, failed or in conflict. */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPorSnapshot = z.infer<typeof adminPorSnapshotSchema>;

export const adminPorListQuery = z.object({ ...pagingQuery({ maxSize: 100, defaultSize: 30 }) });
export const adminPorListResponse = pageOf(adminPorSnapshotSchema);
export const adminPorIdParams = z.object({ id: serialIdInput });
