import { bytesToHex, hexToBytes } from 'viem';
import {
  MAX_DEPTH,
  type ProofFile,
  type PublishedRoot,
  proofFileSchema,
  type SumNode,
  VALUE_BOUND,
} from './format.ts';
import { SumHasher } from './hash.ts';

/**
 * Why a proof does not verify (the web app and the command translate these):
 * - malformed: the file is not a proof (a field missing or of the wrong form; `detail` names it);
 * - value_out_of_range: an amount (the leaf's, a sibling's or a sum on the way up) is not below 2^128: no honest tree
 *   has one, and a bound is what stops a huge or "negative" (wrapped) sibling from hiding a liability;
 * - index_out_of_range: the index does not fit the path's depth (bit i of index for i ≥ depth would be ignored);
 * - member_mismatch: the leaf is another address's than the one checking;
 * - wrong_chain / wrong_contract: the chain or the attestation contract read is not the one the proof names;
 * - not_published: the contract holds no root for this snapshot id;
 * - root_mismatch: the path leads to another root hash than the published one (the leaf or a sibling was changed,
 *   or the leaf is not in the published tree);
 * - totals_mismatch: the hash matches but the published totals are not the root's sums.
 */
export const VERIFY_REASONS = [
  'malformed',
  'value_out_of_range',
  'index_out_of_range',
  'member_mismatch',
  'wrong_chain',
  'wrong_contract',
  'not_published',
  'root_mismatch',
  'totals_mismatch',
] as const;
export type VerifyReason = (typeof VERIFY_REASONS)[number];

export type RootResult =
  | { ok: true; root: SumNode; proof: ProofFile }
  | { ok: false; reason: VerifyReason; detail: string };

const fail = (reason: VerifyReason, detail: string) => ({ ok: false as const, reason, detail });

/**
 * Reads a proof file and walks its path: the leaf's hash, then at level i the node with the sibling on the right
 * (bit i of index 0) or on the left (bit 1), sums added, every amount checked against the bound. The root it leads
 * to, or why there is none.
 */
export function computeRoot(input: unknown): RootResult {
  const parsed = proofFileSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail('malformed', issue ? `${issue.path.join('.') || 'proof'}: ${issue.message}` : 'not a proof');
  }
  const proof = parsed.data;
  const depth = proof.siblings.length;
  if (depth > MAX_DEPTH || proof.index >= 2 ** depth)
    return fail('index_out_of_range', `index ${proof.index} does not fit a path of ${depth} levels`);
  const inRange = (v: bigint) => v < VALUE_BOUND;
  const usdt = BigInt(proof.usdt);
  const agc = BigInt(proof.agc);
  if (!inRange(usdt) || !inRange(agc)) return fail('value_out_of_range', 'the leaf holds an amount ≥ 2^128');

  const h = new SumHasher();
  let node: SumNode = {
    hash: h.leaf(
      hexToBytes(proof.salt as `0x${string}`),
      hexToBytes(proof.member as `0x${string}`),
      usdt,
      agc,
    ),
    usdt,
    agc,
  };
  // Plain arithmetic on the index: bit i of a number up to 2^40 (bitwise operators stop at 32 bits).
  let rest = proof.index;
  for (const [level, s] of proof.siblings.entries()) {
    const sibling: SumNode = {
      hash: hexToBytes(s.hash as `0x${string}`),
      usdt: BigInt(s.usdt),
      agc: BigInt(s.agc),
    };
    if (!inRange(sibling.usdt) || !inRange(sibling.agc))
      return fail('value_out_of_range', `the sibling at level ${level} holds an amount ≥ 2^128`);
    const isRight = rest % 2 === 1;
    rest = Math.floor(rest / 2);
    node = isRight ? h.node(sibling, node) : h.node(node, sibling);
    if (!inRange(node.usdt) || !inRange(node.agc))
      return fail('value_out_of_range', `the sum at level ${level + 1} is ≥ 2^128`);
  }
  return { ok: true, root: node, proof };
}

/** What the checker knows independently of the proof file: its own address, the chain and contract it trusts. */
export interface VerifyExpectations {
  member?: string;
  chainId?: number;
  attestationAddress?: string;
}

export type VerifyResult =
  | { ok: true; proof: ProofFile; root: { hash: `0x${string}`; usdt: bigint; agc: bigint } }
  | { ok: false; reason: VerifyReason; detail: string };

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Checks a proof against what the attestation contract holds for its snapshot (`published`: read from the chain by
 * the checker itself, null when `snapshots(id)` says never published) and what the checker expects.
 */
export function verifyProof(
  input: unknown,
  published: PublishedRoot | null,
  expect: VerifyExpectations = {},
): VerifyResult {
  const computed = computeRoot(input);
  if (!computed.ok) return computed;
  const { proof, root } = computed;
  if (expect.member !== undefined && !same(expect.member, proof.member))
    return fail('member_mismatch', `the leaf is ${proof.member}'s, not ${expect.member}'s`);
  if (expect.chainId !== undefined && expect.chainId !== proof.chain_id)
    return fail(
      'wrong_chain',
      `the proof is for chain ${proof.chain_id}, the chain read is ${expect.chainId}`,
    );
  if (expect.attestationAddress !== undefined && !same(expect.attestationAddress, proof.attestation_address))
    return fail(
      'wrong_contract',
      `the proof names contract ${proof.attestation_address}, the trusted one is ${expect.attestationAddress}`,
    );
  if (!published || published.publishedAt === 0n)
    return fail('not_published', `no root is published for snapshot ${proof.snapshot_id}`);
  const hash = bytesToHex(root.hash);
  if (!same(hash, published.rootHash))
    return fail('root_mismatch', `the path leads to ${hash}, the published root is ${published.rootHash}`);
  if (root.usdt !== published.totalUsdt || root.agc !== published.totalAgc)
    return fail(
      'totals_mismatch',
      `the root sums are ${root.usdt} USDT / ${root.agc} AGC units, the published totals ${published.totalUsdt} / ${published.totalAgc}`,
    );
  return { ok: true, proof, root: { hash, usdt: root.usdt, agc: root.agc } };
}
