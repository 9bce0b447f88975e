import { createHmac, randomFillSync } from 'node:crypto';
import {
  buildLevels,
  type Keccak256,
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
import { createKeccak } from 'hash-wasm';
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

/** Levels recomputed per proof: a chunk is 32 leaves (63 hashes and 32 salts, a millisecond or two). */
export const CHUNK_LEVELS = 5;

/**
 * keccak-256 compiled to WebAssembly (hash-wasm): the same function as viem's (@noble/hashes), which the shared
 * verifier uses. A million-member tree is two million hashes of 117 and 193 bytes, most of a snapshot's cost: here
 * 6 µs a hash against js-sha3's 26 and noble's about 67 (one 2-core machine, same run). One instance, used
 * synchronously (init, update, digest with nothing awaited between them), so calls never interleave.
 * `tree.test.ts` checks it gives viem's hashes.
 */
const wasmKeccak = await createKeccak(256);
export const fastKeccak: Keccak256 = (data) => {
  wasmKeccak.init();
  wasmKeccak.update(data);
  return wasmKeccak.digest('binary');
};

/** A hasher of the format with the fast keccak. */
export const fastHasher = () => new SumHasher(fastKeccak);

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

/** Leaves hashed per slice of a build: between slices the build pauses (the leaves' insert runs meanwhile). */
export const SLICE_LEAVES = 2 ** 14;

/**
 * Leaves `from` … `from + width − 1` of the tree: each slot's hash and amounts, a member's where `owner` puts one
 * (owner[slot] is its index in `members`, or −1), padding elsewhere.
 */
function leafSlice(
  secret: string,
  snapshotId: number,
  members: readonly MemberLeaf[],
  owner: Int32Array,
  from: number,
  width: number,
  hasher: SumHasher,
): TreeLevel {
  const hashes = new Uint8Array(width * 32);
  const usdt = new Array<bigint>(width).fill(0n);
  const agc = new Array<bigint>(width).fill(0n);
  for (let k = 0; k < width; k++) {
    const slot = from + k;
    const m = members[owner[slot] ?? -1];
    if (m) {
      hashes.set(
        hasher.leaf(
          leafSalt(secret, snapshotId, m.address),
          hexToBytes(m.address as `0x${string}`),
          m.usdt,
          m.agc,
        ),
        k * 32,
      );
      usdt[k] = m.usdt;
      agc[k] = m.agc;
    } else hashes.set(hasher.leaf(paddingSalt(secret, snapshotId, slot), ZERO_ADDRESS, 0n, 0n), k * 32);
  }
  return { hashes, usdt, agc };
}

export interface BuiltTree {
  size: number;
  root: SumNode;
  /** Position of members[i]. */
  positions: Uint32Array;
  /** The nodes to store: levels storedFrom(size) … depth, each level in index order. */
  stored: Array<{ level: number; index: number; hash: `0x${string}`; usdt: bigint; agc: bigint }>;
}

export interface BuildOptions {
  /** The slots, members' first (randomPermutation(treeSize(members)) when not given). */
  positions?: Uint32Array;
  /** Awaited between slices: a turn of the event loop lets the snapshot's inserts go on meanwhile. */
  pause?: () => Promise<void>;
  /** Leaves per slice, a power of two (SLICE_LEAVES). */
  sliceLeaves?: number;
}

/**
 * Shuffles, hashes and keeps what is stored: the tree of one snapshot. Built slice by slice (a subtree of
 * `sliceLeaves` leaves to its root, then the slices' roots up to the tree's), so no level of the whole tree is held
 * below the slices' roots and the build can pause between slices.
 */
export async function buildSnapshotTree(
  secret: string,
  snapshotId: number,
  members: readonly MemberLeaf[],
  options: BuildOptions = {},
): Promise<BuiltTree> {
  const size = treeSize(members.length);
  const positions = options.positions ?? randomPermutation(size);
  if (positions.length !== size) throw new RangeError(`${positions.length} positions for ${size} leaves`);
  const owner = new Int32Array(size).fill(-1);
  for (let i = 0; i < members.length; i++) owner[positions[i] as number] = i;
  const hasher = fastHasher();
  const low = storedFrom(size);
  const width = Math.min(size, options.sliceLeaves ?? SLICE_LEAVES);
  const sliceDepth = depthOf(width);
  const byLevel: BuiltTree['stored'][] = Array.from({ length: depthOf(size) + 1 }, () => []);
  const keep = (depth: number, offset: number, level: TreeLevel) => {
    if (depth < low) return;
    for (let j = 0; j < levelLength(level); j++) {
      const n = nodeAt(level, j);
      byLevel[depth]?.push({
        level: depth,
        index: offset + j,
        hash: bytesToHex(n.hash),
        usdt: n.usdt,
        agc: n.agc,
      });
    }
  };
  const slices = size / width;
  let top: TreeLevel = {
    hashes: new Uint8Array(slices * 32),
    usdt: new Array<bigint>(slices),
    agc: new Array<bigint>(slices),
  };
  for (let s = 0; s < slices; s++) {
    let level = leafSlice(secret, snapshotId, members, owner, s * width, width, hasher);
    for (let depth = 0; ; depth++) {
      keep(depth, s * (width >> depth), level);
      if (depth === sliceDepth) break;
      level = parentLevel(level, hasher);
    }
    top.hashes.set(level.hashes, s * 32);
    top.usdt[s] = level.usdt[0] ?? 0n;
    top.agc[s] = level.agc[0] ?? 0n;
    await options.pause?.();
  }
  for (let depth = sliceDepth + 1; levelLength(top) > 1; depth++) {
    top = parentLevel(top, hasher);
    keep(depth, 0, top);
  }
  return {
    size,
    root: nodeAt(top, 0),
    positions: positions.subarray(0, members.length),
    stored: byLevel.flat(),
  };
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
  const hasher = fastHasher();
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
