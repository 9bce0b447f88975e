import { z } from 'zod';
import { ADDRESS_RE } from '../api/common.ts';

/**
 * The proof-of-liabilities format (docs/proof-of-liabilities.md), the one copy every verifier here reads: the
 * server that builds the tree, the browser that checks a member's path, `npm run verify-proof`.
 *
 * - leaf = keccak256(abi.encodePacked(uint8(0), bytes32 salt, address member, uint256 usdt, uint256 agc))
 * - node = keccak256(abi.encodePacked(uint8(1), bytes32 leftHash, uint256 leftUsdt, uint256 leftAgc,
 *   bytes32 rightHash, uint256 rightUsdt, uint256 rightAgc)); its sums are left + right
 * - root = (rootHash, totalUsdt, totalAgc), published on chain by LiabilityAttestation
 */

/** Domain tags: a leaf can never be read as a node, nor a node as a leaf (the first byte of what is hashed). */
export const LEAF_TAG = 0;
export const NODE_TAG = 1;

/** Every amount in a proof (a leaf's, a sibling's, each sum up to the root) is an integer in [0, 2^128). */
export const VALUE_BOUND = 2n ** 128n;

/** Deepest tree a verifier accepts: 2^40 leaves is far beyond any member count, and keeps an index exact in JSON. */
export const MAX_DEPTH = 40;

/** Bytes hashed for a leaf (1 + 32 + 20 + 32 + 32) and for a node (1 + 3 × 32 + 3 × 32). */
export const LEAF_BYTES = 117;
export const NODE_BYTES = 193;

const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, { error: 'a 0x-prefixed 32-byte hex string' });
/** A uint256 written as decimal digits (minor units): no sign, no leading zero, no exponent. */
const uintString = z.string().regex(/^(0|[1-9]\d{0,77})$/, { error: 'a decimal integer string' });

export const proofSiblingSchema = z.object({ hash: hex32, usdt: uintString, agc: uintString });
export type ProofSibling = z.infer<typeof proofSiblingSchema>;

/**
 * A member's proof as JSON (the downloadable file, and `GET /por/proof`'s core). Amounts are decimal strings of
 * integer minor units (USDT 6 decimals, AGC 18); hashes and the salt are 0x-prefixed hex; siblings run from the
 * leaf's level up, and bit i of `index` is 1 when the node at level i is a right child.
 */
export const proofFileSchema = z.object({
  snapshot_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  chain_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  attestation_address: z.string().regex(ADDRESS_RE),
  index: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  salt: hex32,
  member: z.string().regex(ADDRESS_RE),
  usdt: uintString,
  agc: uintString,
  siblings: z.array(proofSiblingSchema).max(MAX_DEPTH),
});
export type ProofFile = z.infer<typeof proofFileSchema>;

/** A node of the tree: its hash and the sums of the leaves below it. */
export interface SumNode {
  hash: Uint8Array;
  usdt: bigint;
  agc: bigint;
}

/** What the attestation contract holds for a snapshot (`snapshots(id)`); publishedAt 0 means never published. */
export interface PublishedRoot {
  rootHash: `0x${string}`;
  totalUsdt: bigint;
  totalAgc: bigint;
  reservesBlock: bigint;
  publishedAt: bigint;
}
