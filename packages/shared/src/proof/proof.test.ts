import fc from 'fast-check';
import { bytesToHex, encodePacked, hexToBytes, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { SumHasher } from './hash.ts';
import { computeRoot, type ProofFile, type SumNode, verifyProof } from './index.ts';
import { buildLevels, rootOf, siblingsOf, type TreeLeaf, treeSize } from './tree.ts';

// The format written independently of the implementation: viem's encodePacked with the Solidity types named in
// docs/proof-of-liabilities.md, then keccak256. The implementation packs bytes by hand.
const leafRef = (salt: `0x${string}`, member: `0x${string}`, usdt: bigint, agc: bigint) =>
  keccak256(
    encodePacked(['uint8', 'bytes32', 'address', 'uint256', 'uint256'], [0, salt, member, usdt, agc]),
  );
const nodeRef = (
  l: { hash: `0x${string}`; usdt: bigint; agc: bigint },
  r: { hash: `0x${string}`; usdt: bigint; agc: bigint },
) => ({
  hash: keccak256(
    encodePacked(
      ['uint8', 'bytes32', 'uint256', 'uint256', 'bytes32', 'uint256', 'uint256'],
      [1, l.hash, l.usdt, l.agc, r.hash, r.usdt, r.agc],
    ),
  ),
  usdt: l.usdt + r.usdt,
  agc: l.agc + r.agc,
});

const SALT_A = `0x${'11'.repeat(32)}` as const;
const SALT_B = `0x${'22'.repeat(32)}` as const;
const SALT_C = `0x${'33'.repeat(32)}` as const;
const SALT_D = `0x${'44'.repeat(32)}` as const;
const ALICE = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' as const;
const BOB = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc' as const;
const ZERO = '0x0000000000000000000000000000000000000000' as const;
const USDT = 10n ** 6n;
const AGC = 10n ** 18n;

// The fixed vectors: computed once with viem (the reference above) and written down, so a change of either side
// (or of viem) shows here.
const VECTORS = {
  leafAlice: '0x385daf1dca6f55b6a2a803168c95814cb46a2f867752f0e9d0d68d782bfcfd1f',
  root: '0x06823541300c1110a0c7c056501ceb3411aa5dd7a77d3b389f0e36077be6dfb2',
};

const h = new SumHasher();
const leaf = (salt: `0x${string}`, member: `0x${string}`, usdt: bigint, agc: bigint): TreeLeaf => ({
  salt: hexToBytes(salt),
  member: hexToBytes(member),
  usdt,
  agc,
});
/** Alice, padding, Bob, padding: the four-leaf tree of the vectors. */
const FOUR = [
  leaf(SALT_A, ALICE, 1_234_567_890n, 5n * AGC),
  leaf(SALT_B, ZERO, 0n, 0n),
  leaf(SALT_C, BOB, 42n * USDT, 0n),
  leaf(SALT_D, ZERO, 0n, 0n),
];
const levels = buildLevels(FOUR);
const root = rootOf(levels);
const published = (r: SumNode = root) => ({
  rootHash: bytesToHex(r.hash),
  totalUsdt: r.usdt,
  totalAgc: r.agc,
  reservesBlock: 7n,
  publishedAt: 1_700_000_000n,
});
const proofOf = (index: number, l: TreeLeaf, lv = levels): ProofFile => ({
  snapshot_id: 3,
  chain_id: 42161,
  attestation_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  index,
  salt: bytesToHex(l.salt),
  member: bytesToHex(l.member),
  usdt: l.usdt.toString(),
  agc: l.agc.toString(),
  siblings: siblingsOf(lv, index),
});
const alice = proofOf(0, FOUR[0] as TreeLeaf);
/** The path with one field of one sibling replaced. */
const withSibling = (p: ProofFile, level: number, change: Partial<ProofFile['siblings'][number]>) =>
  p.siblings.map((s, k) => (k === level ? { ...s, ...change } : s));
const bob = proofOf(2, FOUR[2] as TreeLeaf);

describe('the hashes, byte for byte', () => {
  it('a leaf is keccak256(encodePacked(uint8 0, bytes32 salt, address member, uint256 usdt, uint256 agc))', () => {
    const ref = leafRef(SALT_A, ALICE, 1_234_567_890n, 5n * AGC);
    expect(bytesToHex(h.leaf(hexToBytes(SALT_A), hexToBytes(ALICE), 1_234_567_890n, 5n * AGC))).toBe(ref);
    expect(ref).toBe(VECTORS.leafAlice);
  });

  it('a node is keccak256(encodePacked(uint8 1, left hash, sums, right hash, sums)) and sums its children', () => {
    const l = { hash: leafRef(SALT_A, ALICE, 7n, 8n), usdt: 7n, agc: 8n };
    const r = { hash: leafRef(SALT_B, BOB, 2n ** 128n - 1n, 0n), usdt: 2n ** 128n - 1n, agc: 0n };
    const ref = nodeRef(l, r);
    const got = h.node(
      { hash: hexToBytes(l.hash), usdt: l.usdt, agc: l.agc },
      { hash: hexToBytes(r.hash), usdt: r.usdt, agc: r.agc },
    );
    expect(bytesToHex(got.hash)).toBe(ref.hash);
    expect([got.usdt, got.agc]).toEqual([ref.usdt, ref.agc]);
  });

  it('the four-leaf tree: the root the reference computes, pinned', () => {
    const [a, b, c, d] = [
      { hash: leafRef(SALT_A, ALICE, 1_234_567_890n, 5n * AGC), usdt: 1_234_567_890n, agc: 5n * AGC },
      { hash: leafRef(SALT_B, ZERO, 0n, 0n), usdt: 0n, agc: 0n },
      { hash: leafRef(SALT_C, BOB, 42n * USDT, 0n), usdt: 42n * USDT, agc: 0n },
      { hash: leafRef(SALT_D, ZERO, 0n, 0n), usdt: 0n, agc: 0n },
    ] as const;
    const ref = nodeRef(nodeRef(a, b), nodeRef(c, d));
    expect(bytesToHex(root.hash)).toBe(ref.hash);
    expect(ref.hash).toBe(VECTORS.root);
    expect(root.usdt).toBe(1_234_567_890n + 42n * USDT);
    expect(root.agc).toBe(5n * AGC);
    // Bob's path: his padding neighbour's leaf, then the node of Alice's pair; he is a left child at level 0 (index
    // 2 = binary 10) and a right child at level 1.
    expect(bob.siblings).toEqual([
      { hash: d.hash, usdt: '0', agc: '0' },
      { hash: nodeRef(a, b).hash, usdt: '1234567890', agc: (5n * AGC).toString() },
    ]);
  });

  it('the tree size is the next power of two, at least 2', () => {
    expect([0, 1, 2, 3, 4, 5, 1000, 1024, 1025].map(treeSize)).toEqual([2, 2, 2, 4, 4, 8, 1024, 1024, 2048]);
  });
});

describe('verifying a path', () => {
  it("every member's proof verifies, against the published root", () => {
    for (const p of [alice, bob]) {
      const r = verifyProof(p, published(), { member: p.member, chainId: 42161 });
      expect(r).toMatchObject({ ok: true });
    }
  });

  it('a change of the balance, the salt, the member, a sibling or the index fails', () => {
    const cases: Array<[string, ProofFile]> = [
      ['usdt', { ...alice, usdt: '1234567891' }],
      ['agc', { ...alice, agc: '0' }],
      ['salt', { ...alice, salt: SALT_B }],
      ['member', { ...alice, member: BOB }],
      ['index', { ...alice, index: 1 }],
      ['sibling hash', { ...alice, siblings: withSibling(alice, 0, { hash: SALT_C }) }],
      ['sibling usdt', { ...bob, siblings: withSibling(bob, 1, { usdt: '1' }) }],
      ['sibling agc', { ...bob, siblings: withSibling(bob, 0, { agc: '1' }) }],
      ['sibling dropped', { ...alice, siblings: alice.siblings.slice(0, 1), index: 0 }],
    ];
    for (const [what, p] of cases) {
      const r = verifyProof(p, published());
      expect(r.ok, what).toBe(false);
      expect(r.ok ? '' : r.reason, what).toBe('root_mismatch');
    }
  });

  it('says why: malformed, out of range, index, member, chain, contract, not published, totals', () => {
    const reason = (
      input: unknown,
      pub = published() as ReturnType<typeof published> | null,
      expectations = {},
    ) => {
      const r = verifyProof(input, pub, expectations);
      return r.ok ? 'ok' : r.reason;
    };
    expect(reason({ ...alice, usdt: '-1' })).toBe('malformed');
    expect(reason({ ...alice, usdt: '01' })).toBe('malformed');
    expect(reason({ ...alice, salt: '0x12' })).toBe('malformed');
    expect(reason({ ...alice, siblings: undefined })).toBe('malformed');
    expect(reason('not json at all')).toBe('malformed');
    expect(reason({ ...alice, usdt: (2n ** 128n).toString() })).toBe('value_out_of_range');
    expect(reason({ ...alice, index: 4 })).toBe('index_out_of_range');
    expect(reason(alice, published(), { member: BOB })).toBe('member_mismatch');
    expect(reason(alice, published(), { chainId: 1 })).toBe('wrong_chain');
    expect(reason(alice, published(), { attestationAddress: ZERO })).toBe('wrong_contract');
    expect(reason(alice, null)).toBe('not_published');
    expect(reason(alice, { ...published(), publishedAt: 0n })).toBe('not_published');
    expect(reason(alice, { ...published(), totalUsdt: root.usdt + 1n })).toBe('totals_mismatch');
    expect(reason(alice, { ...published(), totalAgc: 0n })).toBe('totals_mismatch');
    expect(reason(alice, published(), { member: ALICE.toUpperCase().replace('0X', '0x') })).toBe('ok');
  });
});

describe('forged trees (the known Merkle-sum-tree attacks)', () => {
  // A dishonest builder that sums modulo 2^256, as unchecked uint256 arithmetic would: a leaf or a node of
  // 2^256 − x then acts as −x and hides x of liabilities from the published totals.
  const MOD = 2n ** 256n;
  const forgedLevels = (leaves: TreeLeaf[]) => {
    // The hashes commit to whatever sums the builder writes.
    let nodes = leaves.map((l) => ({
      hash: h.leaf(l.salt, l.member, l.usdt, l.agc),
      usdt: l.usdt,
      agc: l.agc,
    }));
    const out = [nodes];
    while (nodes.length > 1) {
      const next: SumNode[] = [];
      for (let i = 0; i < nodes.length; i += 2) {
        const [a, b] = [nodes[i] as SumNode, nodes[i + 1] as SumNode];
        next.push({ hash: h.nodeHash(a, b), usdt: (a.usdt + b.usdt) % MOD, agc: (a.agc + b.agc) % MOD });
      }
      out.push(next);
      nodes = next;
    }
    return out;
  };
  const pathOf = (tree: SumNode[][], index: number) =>
    tree.slice(0, -1).map((level, depth) => {
      const s = level[(index >> depth) ^ 1] as SumNode;
      return { hash: bytesToHex(s.hash), usdt: s.usdt.toString(), agc: s.agc.toString() };
    });

  it('a "negative" leaf (2^256 − x) cannot be proven, and the members whose path meets it fail', () => {
    const negative = MOD - 500n * USDT; // would cancel 500 USDT of somebody's liabilities in the totals
    // Beside Alice, the member it robs: her sibling is out of range.
    const beside = forgedLevels([
      leaf(SALT_A, ALICE, 500n * USDT, 0n),
      leaf(SALT_B, ZERO, negative, 0n),
      leaf(SALT_C, BOB, 7n, 0n),
      leaf(SALT_D, ZERO, 0n, 0n),
    ]);
    const top = beside[beside.length - 1]?.[0] as SumNode;
    expect(top.usdt).toBe(7n); // the published total would hide Alice's 500 USDT
    const alicePath = { ...alice, usdt: (500n * USDT).toString(), agc: '0', siblings: pathOf(beside, 0) };
    expect(verifyProof(alicePath, published(top))).toMatchObject({ ok: false, reason: 'value_out_of_range' });
    // The negative leaf itself has no valid proof.
    const own = {
      ...alice,
      index: 1,
      salt: SALT_B,
      member: ZERO,
      usdt: negative.toString(),
      agc: '0',
      siblings: pathOf(beside, 1),
    };
    expect(verifyProof(own, published(top))).toMatchObject({ ok: false, reason: 'value_out_of_range' });
    // Hidden in the other half, beside Bob: Bob's sibling is out of range, and Alice's sibling sum wraps past 2^128.
    const far = forgedLevels([
      leaf(SALT_A, ALICE, 500n * USDT, 0n),
      leaf(SALT_B, ZERO, 0n, 0n),
      leaf(SALT_C, BOB, 7n, 0n),
      leaf(SALT_D, ZERO, negative, 0n),
    ]);
    const farTop = far[far.length - 1]?.[0] as SumNode;
    expect(farTop.usdt).toBe(7n);
    const bobPath = { ...bob, usdt: '7', agc: '0', siblings: pathOf(far, 2) };
    expect(verifyProof(bobPath, published(farTop))).toMatchObject({
      ok: false,
      reason: 'value_out_of_range',
    });
    expect(verifyProof({ ...alicePath, siblings: pathOf(far, 0) }, published(farTop))).toMatchObject({
      ok: false,
      reason: 'value_out_of_range',
    });
  });

  it('an overflowing leaf (≥ 2^128) cannot be proven, nor can a sum that passes 2^128', () => {
    const big = leaf(SALT_A, ALICE, 2n ** 128n, 0n);
    const tree = forgedLevels([big, leaf(SALT_B, ZERO, 0n, 0n)]);
    expect(
      verifyProof(
        { ...alice, usdt: big.usdt.toString(), agc: '0', siblings: pathOf(tree, 0) },
        published(tree[1]?.[0]),
      ),
    ).toMatchObject({ ok: false, reason: 'value_out_of_range' });
    // Two leaves just below the bound: each is in range, their sum is not.
    const near = 2n ** 128n - 1n;
    const pair = forgedLevels([leaf(SALT_A, ALICE, near, 0n), leaf(SALT_B, BOB, near, 0n)]);
    const r = computeRoot({ ...alice, usdt: near.toString(), agc: '0', siblings: pathOf(pair, 0) });
    expect(r).toMatchObject({ ok: false, reason: 'value_out_of_range' });
  });
});

describe('property: any snapshot', () => {
  it("every member's proof verifies; any single change does not", () => {
    const amount = fc.bigInt({ min: 0n, max: 2n ** 100n });
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.uint8Array({ minLength: 32, maxLength: 32 }),
            fc.uint8Array({ minLength: 20, maxLength: 20 }),
            amount,
            amount,
          ),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.nat(),
        (members, pick) => {
          const size = treeSize(members.length);
          const leaves: TreeLeaf[] = members.map(([salt, member, usdt, agc]) => ({
            salt,
            member,
            usdt,
            agc,
          }));
          while (leaves.length < size)
            leaves.push({
              salt: new Uint8Array(32).fill(leaves.length),
              member: new Uint8Array(20),
              usdt: 0n,
              agc: 0n,
            });
          const lv = buildLevels(leaves);
          const top = rootOf(lv);
          expect(top.usdt).toBe(members.reduce((s, m) => s + m[2], 0n));
          expect(top.agc).toBe(members.reduce((s, m) => s + m[3], 0n));
          for (const [i, l] of leaves.entries())
            expect(verifyProof(proofOf(i, l, lv), published(top)).ok).toBe(true);
          // One change, somewhere on one member's proof: the amount, or one sibling's field.
          const i = pick % members.length;
          const p = proofOf(i, leaves[i] as TreeLeaf, lv);
          const level = pick % p.siblings.length;
          const s = p.siblings[level] as ProofFile['siblings'][number];
          const changed = [
            { ...p, usdt: (BigInt(p.usdt) + 1n).toString() },
            {
              ...p,
              siblings: p.siblings.map((x, k) =>
                k === level ? { ...s, agc: (BigInt(s.agc) + 1n).toString() } : x,
              ),
            },
            { ...p, index: p.index ^ (1 << level) },
          ];
          for (const c of changed) expect(verifyProof(c, published(top)).ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});
