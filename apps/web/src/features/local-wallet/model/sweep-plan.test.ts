import { describe, expect, it } from 'vitest';
import { planSweep, sweepEthValue, sweepTokens } from './sweep-plan.ts';

const fee = (a: 'USDT' | 'AGC') => (a === 'USDT' ? 100n : 120n);

describe('sweep plan', () => {
  it('moves USDT then AGC, only those with a balance', () => {
    expect(sweepTokens({ USDT: 5n, AGC: 7n })).toEqual([
      { asset: 'USDT', amount: 5n },
      { asset: 'AGC', amount: 7n },
    ]);
    expect(sweepTokens({ USDT: 0n, AGC: 7n })).toEqual([{ asset: 'AGC', amount: 7n }]);
    expect(sweepTokens({ USDT: 0n, AGC: 0n })).toEqual([]);
  });

  it('the ETH sent is what is left after every fee, never negative', () => {
    expect(sweepEthValue(1000n, 50n)).toBe(950n);
    expect(sweepEthValue(50n, 50n)).toBe(0n);
    expect(sweepEthValue(10n, 50n)).toBe(0n);
    const plan = planSweep({ ETH: 1000n, USDT: 5n, AGC: 7n }, fee, 50n);
    expect(plan).toMatchObject({ tokenFees: 220n, ethFee: 50n, ethValue: 730n, problem: null });
  });

  it('says so when ETH cannot pay the token steps', () => {
    expect(planSweep({ ETH: 219n, USDT: 5n, AGC: 7n }, fee, 50n).problem).toBe('feesNotCovered');
    // Tokens paid for, nothing left for an ETH step: the sweep still moves the tokens.
    expect(planSweep({ ETH: 220n, USDT: 5n, AGC: 7n }, fee, 50n)).toMatchObject({
      ethValue: 0n,
      problem: null,
    });
  });

  it('only ETH: below its own fee it cannot move (dust); an empty wallet has nothing to move', () => {
    expect(planSweep({ ETH: 40n, USDT: 0n, AGC: 0n }, fee, 50n).problem).toBe('dust');
    expect(planSweep({ ETH: 0n, USDT: 0n, AGC: 0n }, fee, 50n).problem).toBe('nothing');
    expect(planSweep({ ETH: 51n, USDT: 0n, AGC: 0n }, fee, 50n)).toMatchObject({
      ethValue: 1n,
      problem: null,
    });
  });
});
