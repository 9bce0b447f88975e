import { buildLevels, rootOf, type SumNode, verifyProof } from '@agc/shared';
import fc from 'fast-check';
import { bytesToHex, hexToBytes, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  type BuildOptions,
  buildSnapshotTree,
  CHUNK_LEVELS,
  fastHasher,
  fastKeccak,
  leafSalt,
  type MemberLeaf,
  paddingSalt,
  pathOf,
  randomPermutation,
} from './tree.ts';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const members = (n: number): MemberLeaf[] =>
  Array.from({ length: n }, (_, i) => ({
    userId: BigInt(i + 1),
    address: `0x${(i + 1).toString(16).padStart(40, '0')}`,
    usdt: BigInt(i) * 1_000_003n,
    agc: i % 3 === 0 ? 0n : BigInt(i) * 10n ** 17n,
  }));

/** Serves every member's proof the way the service does (chunk recomputed, the rest from the stored nodes). */
async function proofs(snapshotId: number, list: MemberLeaf[], options: BuildOptions = {}) {
  const tree = await buildSnapshotTree(SECRET, snapshotId, list, options);
  const stored = new Map(tree.stored.map((n) => [`${n.level}/${n.index}`, n]));
  const byIndex = new Map(list.map((m, i) => [tree.positions[i] as number, m]));
  const published = {
    rootHash: bytesToHex(tree.root.hash),
    totalUsdt: tree.root.usdt,
    totalAgc: tree.root.agc,
    reservesBlock: 1n,
    publishedAt: 1n,
  };
  return {
    tree,
    published,
    proofOf: (i: number) => {
      const m = list[i] as MemberLeaf;
      const index = tree.positions[i] as number;
      const siblings = pathOf(
        SECRET,
        snapshotId,
        tree.size,
        index,
        byIndex,
        (level, at): SumNode | undefined => {
          const n = stored.get(`${level}/${at}`);
          return n && { hash: hexToBytes(n.hash), usdt: n.usdt, agc: n.agc };
        },
      );
      return {
        snapshot_id: snapshotId,
        chain_id: 42161,
        attestation_address: `0x${'ab'.repeat(20)}`,
        index,
        salt: bytesToHex(leafSalt(SECRET, snapshotId, m.address)),
        member: m.address,
        usdt: m.usdt.toString(),
        agc: m.agc.toString(),
        siblings,
      };
    },
  };
}

describe('the fast keccak', () => {
  it('is keccak-256: the same hashes as viem’s for any input, and the same tree', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        expect(bytesToHex(fastKeccak(data))).toBe(keccak256(data));
      }),
    );
    const leaves = [0, 1, 2, 3].map((i) => ({
      salt: new Uint8Array(32).fill(i),
      member: new Uint8Array(20).fill(i + 1),
      usdt: BigInt(i) * 10n ** 6n,
      agc: 7n,
    }));
    expect(rootOf(buildLevels(leaves, fastHasher()))).toEqual(rootOf(buildLevels(leaves)));
  });
});

describe('the snapshot tree', () => {
  it("every member's served proof verifies, for trees smaller and larger than a chunk", async () => {
    for (const n of [0, 1, 2, 3, 5, 63, 64, 65, 130]) {
      const list = members(n);
      const { tree, published, proofOf } = await proofs(7, list);
      expect(tree.size).toBe(Math.max(2, 2 ** Math.ceil(Math.log2(Math.max(n, 1)))));
      expect(tree.root.usdt).toBe(list.reduce((s, m) => s + m.usdt, 0n));
      expect(tree.root.agc).toBe(list.reduce((s, m) => s + m.agc, 0n));
      for (let i = 0; i < n; i++)
        expect(verifyProof(proofOf(i), published), `${n}/${i}`).toMatchObject({ ok: true });
      // Stored: every level from min(CHUNK_LEVELS, depth) to the root.
      const depth = Math.log2(tree.size);
      const low = Math.min(CHUNK_LEVELS, depth);
      expect(tree.stored).toHaveLength(2 ** (depth - low + 1) - 1);
    }
  });

  it('built in slices, it is the tree built whole: the same root and stored nodes, and every proof verifies', async () => {
    const list = members(130);
    const positions = randomPermutation(256);
    const whole = await buildSnapshotTree(SECRET, 5, list, { positions });
    // The same leaves, placed by hand and hashed by the shared verifier's builder (viem's keccak).
    const owner = new Map(
      [...positions.subarray(0, list.length)].map((slot, i) => [slot, list[i] as MemberLeaf]),
    );
    const leaves = Array.from({ length: 256 }, (_, slot) => {
      const m = owner.get(slot);
      return m
        ? {
            salt: leafSalt(SECRET, 5, m.address),
            member: hexToBytes(m.address as `0x${string}`),
            usdt: m.usdt,
            agc: m.agc,
          }
        : { salt: paddingSalt(SECRET, 5, slot), member: new Uint8Array(20), usdt: 0n, agc: 0n };
    });
    expect(whole.root).toEqual(rootOf(buildLevels(leaves)));
    let pauses = 0;
    for (const sliceLeaves of [2, 4, 32, 64, 128]) {
      const sliced = await buildSnapshotTree(SECRET, 5, list, {
        positions,
        sliceLeaves,
        pause: async () => {
          pauses += 1;
        },
      });
      expect(sliced.root, `${sliceLeaves}`).toEqual(whole.root);
      expect(sliced.stored, `${sliceLeaves}`).toEqual(whole.stored);
    }
    expect(pauses).toBe(128 + 64 + 8 + 4 + 2);
    const { published, proofOf } = await proofs(5, list, { sliceLeaves: 8 });
    for (let i = 0; i < list.length; i++)
      expect(verifyProof(proofOf(i), published), `${i}`).toMatchObject({ ok: true });
  });

  it('positions are a permutation, new each snapshot; members land anywhere among the padding', async () => {
    const p = randomPermutation(1000);
    expect([...p].sort((a, b) => a - b)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    expect([...randomPermutation(1000)]).not.toEqual([...p]);
    const { tree } = await proofs(1, members(5));
    expect(tree.positions).toHaveLength(5);
    expect(new Set(tree.positions).size).toBe(5);
  });

  it('salts derive from the secret, the snapshot and the address (or position): none is stored', () => {
    const a = `0x${'12'.repeat(20)}`;
    expect(leafSalt(SECRET, 1, a)).toEqual(leafSalt(SECRET, 1, a.toUpperCase().replace('0X', '0x')));
    expect(leafSalt(SECRET, 1, a)).not.toEqual(leafSalt(SECRET, 2, a));
    expect(leafSalt(SECRET, 1, a)).not.toEqual(leafSalt(`${SECRET}x`, 1, a));
    expect(paddingSalt(SECRET, 1, 3)).not.toEqual(paddingSalt(SECRET, 1, 4));
    expect(leafSalt(SECRET, 1, a)).toHaveLength(32);
  });

  it('a missing stored node is an error, never a wrong path', async () => {
    const list = members(130);
    const tree = await buildSnapshotTree(SECRET, 3, list);
    const byIndex = new Map(list.map((m, i) => [tree.positions[i] as number, m]));
    expect(() => pathOf(SECRET, 3, tree.size, tree.positions[0] as number, byIndex, () => undefined)).toThrow(
      /is missing/,
    );
  });
});
