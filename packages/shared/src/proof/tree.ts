import { bytesToHex } from 'viem';
import type { ProofSibling, SumNode } from './format.ts';
import { SumHasher } from './hash.ts';

/**
 * Building the Merkle sum tree: level 0 is the leaves (already in their snapshot order, padded to a power of two),
 * each next level the parents of pairs, the last one the root. A level keeps its hashes in one byte array and its
 * sums in two bigint arrays, so a million leaves cost tens of megabytes, not a million objects.
 */

export interface TreeLeaf {
  salt: Uint8Array;
  /** 20 bytes; the zero address for a padding leaf. */
  member: Uint8Array;
  usdt: bigint;
  agc: bigint;
}

export interface TreeLevel {
  /** 32 bytes per node, node i at i × 32. */
  hashes: Uint8Array;
  usdt: bigint[];
  agc: bigint[];
}

/** Leaves a tree of `members` leaves has: the next power of two, at least 2 (padding fills the rest). */
export function treeSize(members: number): number {
  let size = 2;
  while (size < members) size *= 2;
  return size;
}

export const levelLength = (level: TreeLevel) => level.usdt.length;

/** Node `i` of a level. */
export const nodeAt = (level: TreeLevel, i: number): SumNode => ({
  hash: level.hashes.subarray(i * 32, i * 32 + 32),
  usdt: level.usdt[i] ?? 0n,
  agc: level.agc[i] ?? 0n,
});

/** Level 0: every leaf's hash and amounts. */
export function hashLeaves(leaves: readonly TreeLeaf[], hasher = new SumHasher()): TreeLevel {
  const hashes = new Uint8Array(leaves.length * 32);
  const usdt = new Array<bigint>(leaves.length);
  const agc = new Array<bigint>(leaves.length);
  leaves.forEach((leaf, i) => {
    hashes.set(hasher.leaf(leaf.salt, leaf.member, leaf.usdt, leaf.agc), i * 32);
    usdt[i] = leaf.usdt;
    agc[i] = leaf.agc;
  });
  return { hashes, usdt, agc };
}

/** The level above: node i is the parent of nodes 2i and 2i + 1. */
export function parentLevel(level: TreeLevel, hasher = new SumHasher()): TreeLevel {
  const n = levelLength(level);
  if (n < 2 || n % 2 !== 0) throw new RangeError(`a level of ${n} nodes has no parent level`);
  const half = n / 2;
  const hashes = new Uint8Array(half * 32);
  const usdt = new Array<bigint>(half);
  const agc = new Array<bigint>(half);
  for (let i = 0; i < half; i++) {
    const parent = hasher.node(nodeAt(level, 2 * i), nodeAt(level, 2 * i + 1));
    hashes.set(parent.hash, i * 32);
    usdt[i] = parent.usdt;
    agc[i] = parent.agc;
  }
  return { hashes, usdt, agc };
}

/** Every level from the leaves (index 0) to the root (the last, one node). */
export function buildLevels(leaves: readonly TreeLeaf[], hasher = new SumHasher()): TreeLevel[] {
  const n = leaves.length;
  if (n < 2 || (n & (n - 1)) !== 0) throw new RangeError(`a tree needs a power of two ≥ 2 leaves, got ${n}`);
  const levels = [hashLeaves(leaves, hasher)];
  for (let top = levels[0] as TreeLevel; levelLength(top) > 1; ) {
    top = parentLevel(top, hasher);
    levels.push(top);
  }
  return levels;
}

/** The root of built levels. */
export function rootOf(levels: readonly TreeLevel[]): SumNode {
  const top = levels[levels.length - 1];
  if (!top || levelLength(top) !== 1) throw new RangeError('not a complete tree');
  return nodeAt(top, 0);
}

/** A node as a proof carries it. */
export const siblingJson = (node: SumNode): ProofSibling => ({
  hash: bytesToHex(node.hash),
  usdt: node.usdt.toString(),
  agc: node.agc.toString(),
});

/** The path of leaf `index`: the sibling at each level below the root, from the leaf's level up. */
export function siblingsOf(levels: readonly TreeLevel[], index: number): ProofSibling[] {
  const out: ProofSibling[] = [];
  let i = index;
  for (const level of levels.slice(0, -1)) {
    out.push(siblingJson(nodeAt(level, i % 2 === 0 ? i + 1 : i - 1)));
    i = Math.floor(i / 2);
  }
  return out;
}
