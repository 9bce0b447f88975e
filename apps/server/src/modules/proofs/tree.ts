import { createHmac, randomFillSync } from 'node:crypto';
import {
  buildLevels,
  levelLength,
  nodeAt,
  type ProofSibling,
  parentLevel,
  SumHasher,
  type SumNode,
  siblingJson,
  type TreeLeaf,
  type TreeLevel,
  treeSize,
} from '@agc/shared';
import { bytesToHex, hexToBytes } from 'viem';

/**
 * The snapshot's tree as the server builds, stores and serves it (the format: docs/proof-of-liabilities.md).
 *
 * - Salts derive from PROOF_SALT_SECRET: HMAC-SHA256 of the snapshot id and the member's address (a padding leaf:
 *   of its position). Nothing secret is stored; a dump of the database does not reveal them.
 * - Positions: a random permutation of every slot, members in the first `members` of it, so padding is spread
 *   through the tree as members are.
 * - Storage: the leaves' amounts and positions (proof_leaves), and the nodes from level CHUNK_LEVELS up
 *   (proof_nodes); a proof recomputes the levels below from the 2^CHUNK_LEVELS leaves of its chunk.
 */

/** Levels recomputed per proof: a chunk is 64 leaves (127 hashes and 64 salts, well under a millisecond). */
export const CHUNK_LEVELS = 6;

export const ZERO_ADDRESS = new Uint8Array(20);

export function leafSalt(secret: string, snapshotId: number, address: string): Uint8Array {
  return createHmac('sha256', secret).update(`agc-por/leaf/${snapshotId}/${address.toLowerCase()}`).digest();
}

export function paddingSalt(secret: string, snapshotId: number, index: number): Uint8Array {
  return createHmac('sha256', secret).update(`agc-por/pad/${snapshotId}/${index}`).digest();
}

/** A uniformly random permutation of 0 … size − 1 (Fisher–Yates over 53-bit random numbers: no visible bias). */
export function randomPermutation(size: number): Uint32Array {
  const out = new Uint32Array(size);
  for (let i = 0; i < size; i++) out[i] = i;
  const words = new Uint32Array(2 * 4096);
  let w = words.length;
  for (let i = size - 1; i > 0; i--) {
    if (w >= words.length) {
      randomFillSync(words);
      w = 0;
    }
    const r = ((words[w] ?? 0) * 2 ** 21 + ((words[w + 1] ?? 0) >>> 11)) / 2 ** 53;
    w += 2;
    const j = Math.floor(r * (i + 1));
    const t = out[i] as number;
    out[i] = out[j] as number;
    out[j] = t;
  }
  return out;
}

export interface MemberLeaf {
  userId: bigint;
  address: string;
  usdt: bigint;
  agc: bigint;
}

/** The depth (levels below the root) and the lowest stored level of a tree of `size` leaves. */
export const depthOf = (size: number) => Math.round(Math.log2(size));
export const storedFrom = (size: number) => Math.min(CHUNK_LEVELS, depthOf(size));

/**
 * Level 0 of the tree: every leaf's hash and amounts in position (members where `positions` puts them, padding
 * elsewhere), hashed as it is placed: no leaf objects are kept (a million of them would cost hundreds of megabytes).
 */
export function leafLevel(
  secret: string,
  snapshotId: number,
  members: readonly MemberLeaf[],
  positions: Uint32Array,
  hasher = new SumHasher(),
): TreeLevel {
  const size = positions.length;
  const hashes = new Uint8Array(size * 32);
  const usdt = new Array<bigint>(size).fill(0n);
  const agc = new Array<bigint>(size).fill(0n);
  const filled = new Uint8Array(size);
  members.forEach((m, i) => {
    const at = positions[i] as number;
    hashes.set(
      hasher.leaf(
        leafSalt(secret, snapshotId, m.address),
        hexToBytes(m.address as `0x${string}`),
        m.usdt,
        m.agc,
      ),
      at * 32,
    );
    usdt[at] = m.usdt;
    agc[at] = m.agc;
    filled[at] = 1;
  });
  for (let i = 0; i < size; i++)
    if (!filled[i]) hashes.set(hasher.leaf(paddingSalt(secret, snapshotId, i), ZERO_ADDRESS, 0n, 0n), i * 32);
  return { hashes, usdt, agc };
}

export interface BuiltTree {
  size: number;
  root: SumNode;
  /** Position of members[i]. */
  positions: Uint32Array;
  /** The nodes to store: levels storedFrom(size) … depth. */
  stored: Array<{ level: number; index: number; hash: `0x${string}`; usdt: bigint; agc: bigint }>;
}

/** Shuffles, hashes and keeps what is stored: the tree of one snapshot. */
export function buildSnapshotTree(
  secret: string,
  snapshotId: number,
  members: readonly MemberLeaf[],
): BuiltTree {
  const size = treeSize(members.length);
  const positions = randomPermutation(size);
  const hasher = new SumHasher();
  const low = storedFrom(size);
  const stored: BuiltTree['stored'] = [];
  // Level by level, keeping only the current one (and what is stored from `low` up).
  let level = leafLevel(secret, snapshotId, members, positions, hasher);
  for (let depth = 0; ; depth++) {
    if (depth >= low)
      for (let index = 0; index < levelLength(level); index++) {
        const n = nodeAt(level, index);
        stored.push({ level: depth, index, hash: bytesToHex(n.hash), usdt: n.usdt, agc: n.agc });
      }
    if (levelLength(level) === 1) break;
    level = parentLevel(level, hasher);
  }
  return { size, root: nodeAt(level, 0), positions: positions.subarray(0, members.length), stored };
}

/**
 * The path of leaf `index`: the levels below storedFrom(size) from its chunk's leaves (recomputed), the rest from
 * the stored nodes (`stored(level, index)`).
 */
export function pathOf(
  secret: string,
  snapshotId: number,
  size: number,
  index: number,
  chunk: ReadonlyMap<number, { address: string; usdt: bigint; agc: bigint }>,
  stored: (level: number, index: number) => SumNode | undefined,
): ProofSibling[] {
  const low = storedFrom(size);
  const width = 2 ** low;
  const first = index - (index % width);
  const leaves: TreeLeaf[] = [];
  for (let i = first; i < first + width; i++) {
    const m = chunk.get(i);
    leaves.push(
      m
        ? {
            salt: leafSalt(secret, snapshotId, m.address),
            member: hexToBytes(m.address as `0x${string}`),
            usdt: m.usdt,
            agc: m.agc,
          }
        : { salt: paddingSalt(secret, snapshotId, i), member: ZERO_ADDRESS, usdt: 0n, agc: 0n },
    );
  }
  const hasher = new SumHasher();
  const siblings: ProofSibling[] = [];
  if (width > 1) {
    const levels = buildLevels(leaves, hasher);
    let i = index - first;
    for (const level of levels.slice(0, -1)) {
      siblings.push(siblingJson(nodeAt(level, i % 2 === 0 ? i + 1 : i - 1)));
      i = Math.floor(i / 2);
    }
  }
  for (let level = low; level < depthOf(size); level++) {
    const at = Math.floor(index / 2 ** level);
    const node = stored(level, at % 2 === 0 ? at + 1 : at - 1);
    if (!node) throw new Error(`proof: node ${level}/${at} of the stored tree is missing`);
    siblings.push(siblingJson(node));
  }
  return siblings;
}
