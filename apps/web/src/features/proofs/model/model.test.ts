import { type PorSnapshot, type ProofFile, verifyProof } from '@agc/shared';
import { describe, expect, it } from 'vitest';
import { coverageSeries, frameOf, linePoints } from './chart.ts';
import { compareLeaf } from './parts.ts';
import { checkProof, parseProofText } from './verify.ts';

const proof: ProofFile = {
  snapshot_id: 4,
  chain_id: 42161,
  attestation_address: `0x${'ab'.repeat(20)}`,
  index: 0,
  salt: `0x${'11'.repeat(32)}`,
  member: `0x${'12'.repeat(20)}`,
  usdt: '1500000',
  agc: '2000000000000000000',
  siblings: [{ hash: `0x${'22'.repeat(32)}`, usdt: '0', agc: '0' }],
};
/** A chain that answers with the root this proof leads to (computed by the shared verifier). */
function chain(chainId = 42161, publishedAt = 7n) {
  const computed = verifyProof(proof, {
    rootHash: '0x00',
    totalUsdt: 0n,
    totalAgc: 0n,
    reservesBlock: 0n,
    publishedAt: 1n,
  });
  const root = computed.ok ? undefined : computed.detail.match(/leads to (0x[0-9a-f]{64})/)?.[1];
  return {
    getChainId: async () => chainId,
    readContract: async () => [root, 1_500_000n, 2n * 10n ** 18n, 9n, publishedAt],
  } as never;
}

describe('checking a proof in the browser', () => {
  it('verified when the chain holds the root the path leads to', async () => {
    expect(await checkProof(chain(), proof, { member: proof.member })).toMatchObject({ ok: true });
  });

  it('says why not: wrong chain, not published, another member, a changed amount, an unreachable chain', async () => {
    expect(await checkProof(chain(1), proof, {})).toMatchObject({ ok: false, reason: 'wrong_chain' });
    expect(await checkProof(chain(42161, 0n), proof, {})).toMatchObject({
      ok: false,
      reason: 'not_published',
    });
    expect(await checkProof(chain(), proof, { member: `0x${'99'.repeat(20)}` })).toMatchObject({
      reason: 'member_mismatch',
    });
    expect(await checkProof(chain(), { ...proof, usdt: '1500001' }, {})).toMatchObject({
      reason: 'root_mismatch',
    });
    const down = {
      getChainId: async () => {
        throw new Error('fetch failed\nmore');
      },
    } as never;
    expect(await checkProof(down, proof, {})).toEqual({
      ok: false,
      reason: 'chain_unreachable',
      detail: 'fetch failed',
    });
  });

  it('reads a file as JSON or says it is not', () => {
    expect(parseProofText('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseProofText('not json').ok).toBe(false);
  });
});

describe('the leaf against what the app showed', () => {
  it('adds the parts up per token and compares them with the leaf', () => {
    const rows = compareLeaf({
      proof,
      parts: [
        { key: 'available', asset: 'USDT', amount: '1' },
        { key: 'vouchers', asset: 'USDT', amount: '0.5' },
        { key: 'available', asset: 'AGC', amount: '1.5' },
      ],
    });
    expect(rows).toEqual([
      { token: 'USDT', leaf: 1_500_000n, shown: 1_500_000n, decimals: 6, same: true },
      { token: 'AGC', leaf: 2n * 10n ** 18n, shown: 15n * 10n ** 17n, decimals: 18, same: false },
    ]);
  });
});

describe('the coverage chart', () => {
  const snap = (id: number, day: string, usdtBp: string | null): PorSnapshot => ({
    snapshot_id: id,
    day,
    as_of: `${day}T00:10:00.000Z`,
    root_hash: '0x',
    assets: [
      { asset: 'USDT', decimals: 6, liabilities: '1', reserves: '1', coverage_bp: usdtBp },
      { asset: 'AGC', decimals: 18, liabilities: '0', reserves: '1', coverage_bp: null },
    ],
    reserves_block: '1',
    reserves_block_hash: '0x',
    reserves_at: day,
    tx_hash: '0x',
    published_block: '1',
    published_at: day,
  });
  it('orders points oldest first, skips what owes nothing, and frames 100 % in', () => {
    const series = coverageSeries([snap(2, '2030-01-02', '15000'), snap(1, '2030-01-01', '9000')]);
    expect(series.USDT.map((p) => p.pct)).toEqual([90, 150]);
    expect(series.AGC).toEqual([]);
    const frame = frameOf(series);
    expect(frame.top).toBe(150);
    expect(linePoints(series.USDT, frame, 100, 50)).toBe('0,20 100,0');
  });
});
