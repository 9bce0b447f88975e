// @vitest-environment node
import { encodeFunctionData, erc20Abi, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BASE_FEE_MULTIPLIER,
  estimateLocalFee,
  feeFromEstimate,
  feePerGas,
  maxSendable,
  NODE_INTERFACE,
  readL1Gas,
  withMargin,
} from './local-fees.ts';
import { startTxChain, type TxChain } from './local-send.testing.ts';
import { estimateTransferFee } from './local-send.ts';

const DEAD = '0x000000000000000000000000000000000000dEaD';
const fees = { maxFeePerGas: 20_000_000n, maxPriorityFeePerGas: 0n }; // 0.02 gwei, Arbitrum-like

describe('fee maths', () => {
  it('adds the margin, rounded up', () => {
    expect(withMargin(21_000n)).toBe(25_200n);
    expect(withMargin(1n)).toBe(2n); // 1.2 → 2
    expect(withMargin(0n)).toBe(0n);
    expect(withMargin(100n, 0n)).toBe(100n);
    expect(() => withMargin(-1n)).toThrow(RangeError);
  });

  it('max fee per gas is twice the base fee plus the priority fee', () => {
    expect(BASE_FEE_MULTIPLIER).toBe(2n);
    expect(feePerGas(10_000_000n, 1n)).toEqual({ maxFeePerGas: 20_000_001n, maxPriorityFeePerGas: 1n });
  });

  it('splits an Arbitrum estimate into execution and L1 data, each with its margin, and sums them', () => {
    // eth_estimateGas on Arbitrum counts the L1 part: 300 000 = 50 000 execution + 250 000 L1.
    const fee = feeFromEstimate({ estimatedGas: 300_000n, l1Gas: 250_000n, fees });
    expect(fee.l2Gas).toBe(60_000n);
    expect(fee.l1Gas).toBe(300_000n);
    expect(fee.gasLimit).toBe(360_000n);
    expect(fee.l2Fee).toBe(60_000n * 20_000_000n);
    expect(fee.l1Fee).toBe(300_000n * 20_000_000n);
    expect(fee.total).toBe(fee.l2Fee + (fee.l1Fee ?? 0n));
    expect(fee.total).toBe(fee.gasLimit * fees.maxFeePerGas);
  });

  it('without the L1 figure the whole estimate is execution and L1 is reported missing', () => {
    const fee = feeFromEstimate({ estimatedGas: 21_000n, l1Gas: null, fees });
    expect(fee.l1Gas).toBeNull();
    expect(fee.l1Fee).toBeNull();
    expect(fee.gasLimit).toBe(25_200n);
    expect(fee.total).toBe(25_200n * 20_000_000n);
  });

  it('an L1 figure above the whole estimate is capped (never a negative execution part)', () => {
    const fee = feeFromEstimate({ estimatedGas: 100n, l1Gas: 500n, fees, marginPercent: 0n });
    expect(fee.l2Gas).toBe(0n);
    expect(fee.l1Gas).toBe(100n);
  });

  it('max amount: ETH balance minus the fee, never negative; a token its whole balance', () => {
    expect(maxSendable('ETH', parseEther('1'), 1000n)).toBe(parseEther('1') - 1000n);
    expect(maxSendable('ETH', 999n, 1000n)).toBe(0n);
    expect(maxSendable('ETH', 1000n, 1000n)).toBe(0n);
    expect(maxSendable('USDT', 5_000_000n, 1000n)).toBe(5_000_000n);
    expect(maxSendable('AGC', 0n, 1000n)).toBe(0n);
  });
});

describe('fee estimate on a chain without the NodeInterface (anvil)', () => {
  let c: TxChain;
  beforeAll(async () => {
    c = await startTxChain();
    await c.fund(c.wallet, { ETH: parseEther('1'), USDT: 10_000_000n });
  }, 60_000);
  afterAll(() => c?.stop());

  it('reports the L1 part unavailable and prices the execution gas with its margin', async () => {
    expect(await readL1Gas(c.chain.client, c.wallet, '0x')).toBeNull();
    const block = await c.chain.client.getBlock();
    const fee = await estimateLocalFee(c.chain.client, { from: c.wallet, to: DEAD, value: 0n });
    expect(fee.l1Gas).toBeNull();
    expect(fee.maxFeePerGas).toBeGreaterThanOrEqual(2n * (block.baseFeePerGas ?? 0n));
    const eth = await estimateTransferFee(c.chain, c.wallet, 'ETH', DEAD, 1n);
    expect(eth.gasLimit).toBe(25_200n); // 21 000 + 20%
    expect(eth.total).toBe(25_200n * eth.maxFeePerGas);
  });

  it('a token transfer costs more gas than an ETH transfer', async () => {
    const usdt = await estimateTransferFee(c.chain, c.wallet, 'USDT', DEAD, 1_000_000n);
    expect(usdt.gasLimit).toBeGreaterThan(25_200n);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEAD, 1_000_000n] });
    const raw = await c.chain.client.estimateGas({ account: c.wallet, to: c.deployment.usdt, data });
    expect(usdt.gasLimit).toBe(withMargin(raw));
  });

  it('with a NodeInterface at 0x…C8 (a stand-in answering 1 234 L1 gas), the estimate is split and summed', async () => {
    // PUSH2 1234, PUSH1 0, MSTORE, PUSH1 96, PUSH1 0, RETURN: (uint64 1234, uint256 0, uint256 0) to any call.
    await c.testClient.setCode({ address: NODE_INTERFACE, bytecode: '0x6104d260005260606000f3' });
    try {
      expect(await readL1Gas(c.chain.client, DEAD, '0x')).toBe(1234n);
      const fee = await estimateLocalFee(c.chain.client, { from: c.wallet, to: DEAD, value: 0n });
      expect(fee.l1Gas).toBe(1481n); // 1 234 + 20%, rounded up
      expect(fee.l2Gas).toBe(23_720n); // (21 000 − 1 234) + 20%, rounded up
      expect(fee.gasLimit).toBe(1481n + 23_720n);
      expect(fee.l1Fee).toBe(1481n * fee.maxFeePerGas);
      expect(fee.total).toBe(fee.l2Fee + 1481n * fee.maxFeePerGas);
    } finally {
      await c.testClient.setCode({ address: NODE_INTERFACE, bytecode: '0x' });
    }
  });
});
