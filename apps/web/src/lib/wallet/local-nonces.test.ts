// @vitest-environment node
import { parseEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lockLocalWallet, unlockLocalWallet } from './local.ts';
import { checkSent } from './local-follow.ts';
import {
  bumped,
  chooseNonce,
  DROPPED_AFTER_MS,
  heldLocalNonces,
  isEnoughBump,
  nextLocalNonce,
  replacementFees,
  withNonceLock,
} from './local-nonces.ts';
import { PASSWORD, startTxChain, type TxChain } from './local-send.testing.ts';
import { estimateTransferFee, replaceLocal, sendLocal } from './local-send.ts';
import { findSent, listSent, recordSent, type SentTx } from './local-sent.ts';

const TO = '0x000000000000000000000000000000000000dEaD' as const;

describe('nonce rules', () => {
  it('takes the chain pending count, or one above the highest locally pending nonce', () => {
    expect(chooseNonce(0, [])).toBe(0);
    expect(chooseNonce(5, [])).toBe(5);
    expect(chooseNonce(5, [5])).toBe(6); // local pending not yet visible to the node
    expect(chooseNonce(5, [7, 6])).toBe(8);
    expect(chooseNonce(9, [3, 4])).toBe(9); // old entries below the chain's count change nothing
  });

  it('bumps a fee by 10%, rounded up, and always by at least 1 wei', () => {
    expect(bumped(100n)).toBe(110n);
    expect(bumped(101n)).toBe(112n); // 111.1 → 112
    expect(bumped(0n)).toBe(1n);
    expect(bumped(1n)).toBe(2n);
  });

  it('a replacement needs both fees 10% higher', () => {
    const prev = { maxFeePerGas: 1000n, maxPriorityFeePerGas: 100n };
    expect(isEnoughBump(prev, { maxFeePerGas: 1100n, maxPriorityFeePerGas: 110n })).toBe(true);
    expect(isEnoughBump(prev, { maxFeePerGas: 1099n, maxPriorityFeePerGas: 200n })).toBe(false);
    expect(isEnoughBump(prev, { maxFeePerGas: 5000n, maxPriorityFeePerGas: 109n })).toBe(false);
    expect(
      isEnoughBump(
        { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
        { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n },
      ),
    ).toBe(false);
  });

  it('replacement fees: at least the bump, today’s fees when higher, max fee never below the tip', () => {
    const prev = { maxFeePerGas: 1000n, maxPriorityFeePerGas: 100n };
    expect(replacementFees(prev, { maxFeePerGas: 500n, maxPriorityFeePerGas: 0n })).toEqual({
      maxFeePerGas: 1100n,
      maxPriorityFeePerGas: 110n,
    });
    expect(replacementFees(prev, { maxFeePerGas: 3000n, maxPriorityFeePerGas: 300n })).toEqual({
      maxFeePerGas: 3000n,
      maxPriorityFeePerGas: 300n,
    });
    const tipHeavy = replacementFees(
      { maxFeePerGas: 10n, maxPriorityFeePerGas: 10n },
      { maxFeePerGas: 0n, maxPriorityFeePerGas: 50n },
    );
    expect(tipHeavy.maxFeePerGas).toBeGreaterThanOrEqual(tipHeavy.maxPriorityFeePerGas);
    for (const current of [{ maxFeePerGas: 0n, maxPriorityFeePerGas: 0n }, prev])
      expect(isEnoughBump(prev, replacementFees(prev, current))).toBe(true);
  });

  it('the lock runs tasks one after the other, even after a failure', async () => {
    const order: string[] = [];
    const slow = withNonceLock(async () => {
      await new Promise((r) => setTimeout(r, 30));
      order.push('a');
      throw new Error('a failed');
    });
    const fast = withNonceLock(async () => {
      order.push('b');
      return 2;
    });
    await expect(slow).rejects.toThrow('a failed');
    expect(await fast).toBe(2);
    expect(order).toEqual(['a', 'b']);
  });
});

describe('nonces on anvil', () => {
  let c: TxChain;
  beforeAll(async () => {
    c = await startTxChain();
    await c.fund(c.wallet, { ETH: parseEther('10') });
  }, 60_000);
  afterEach(async () => {
    await c.testClient.setAutomine(true);
  });
  afterAll(() => c?.stop());
  /** The wallet's send of `amount` wei to TO, at the fee estimated for it. */
  const ethSend = async (amount: bigint) => ({
    from: c.wallet,
    asset: 'ETH' as const,
    recipient: TO,
    amount,
    fee: await estimateTransferFee(c.chain, c.wallet, 'ETH', TO, amount),
    kind: 'send' as const,
  });
  /** A sent transaction's fees, as numbers. */
  const feesOf = (tx: SentTx) => ({
    maxFeePerGas: BigInt(tx.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas),
  });

  it('two sends in a row (not awaited one by one) take consecutive nonces and both are mined', async () => {
    await c.testClient.setAutomine(false);
    const first = await ethSend(1n);
    const start = await c.chain.client.getTransactionCount({ address: c.wallet });
    const send = (amount: bigint) => sendLocal(c.chain, { ...first, amount });
    const [a, b] = await Promise.all([send(1n), send(2n)]);
    expect([a.nonce, b.nonce]).toEqual([start, start + 1]);
    await c.testClient.mine({ blocks: 1 });
    expect((await checkSent(c.chain.client, a)).status).toBe('success');
    expect((await checkSent(c.chain.client, b)).status).toBe('success');
  });

  it('a local pending send the node does not show yet holds its nonce; forgotten for a minute, it is dropped', async () => {
    const mined = await c.chain.client.getTransactionCount({ address: c.wallet });
    const ghost: SentTx = {
      hash: `0x${'ab'.repeat(32)}`,
      from: c.wallet,
      to: TO,
      asset: 'ETH',
      amount: '1',
      nonce: mined,
      maxFeePerGas: '1',
      maxPriorityFeePerGas: '0',
      gas: '21000',
      kind: 'send',
      status: 'pending',
      createdAt: Date.now(),
    };
    recordSent(ghost);
    expect(await nextLocalNonce(c.chain.client, c.wallet)).toBe(mined + 1);
    expect(await heldLocalNonces(c.chain.client, c.wallet, mined, Date.now() + DROPPED_AFTER_MS)).toEqual([]);
    expect(findSent(ghost.hash)?.status).toBe('dropped');
    expect(await nextLocalNonce(c.chain.client, c.wallet)).toBe(mined);
  });

  it('a stuck send is sped up: same nonce, fees +10%, the node takes it and the original is replaced', async () => {
    await c.testClient.setAutomine(false);
    const original = await sendLocal(c.chain, await ethSend(5n));
    const faster = await replaceLocal(c.chain, original, 'speedUp');
    expect(faster.nonce).toBe(original.nonce);
    expect(faster.replaces).toBe(original.hash);
    expect(isEnoughBump(feesOf(original), feesOf(faster))).toBe(true);
    expect(faster).toMatchObject({ kind: 'speedUp', asset: 'ETH', to: TO, amount: '5' });
    await c.testClient.mine({ blocks: 1 });
    expect(await checkSent(c.chain.client, faster)).toMatchObject({ status: 'success' });
    expect(await checkSent(c.chain.client, original)).toMatchObject({
      status: 'replaced',
      replacedBy: faster.hash,
    });
  });

  it('a stuck send is cancelled: 0 ETH to itself with the same nonce; the transfer never happens', async () => {
    await c.testClient.setAutomine(false);
    const before = await c.chain.client.getBalance({ address: TO });
    const original = await sendLocal(c.chain, await ethSend(7n));
    const cancel = await replaceLocal(c.chain, original, 'cancel');
    expect(cancel).toMatchObject({ kind: 'cancel', to: c.wallet, amount: '0', nonce: original.nonce });
    await c.testClient.mine({ blocks: 1 });
    expect((await checkSent(c.chain.client, cancel)).status).toBe('success');
    expect((await checkSent(c.chain.client, original)).status).toBe('replaced');
    expect(await c.chain.client.getBalance({ address: TO })).toBe(before);
  });

  it('a send that does not leave says why: the wallet locked itself, or the node refused it (nonce too low)', async () => {
    const send = await ethSend(1n);
    lockLocalWallet();
    await expect(sendLocal(c.chain, send)).rejects.toMatchObject({
      i18nKey: 'localWalletPages.send.errors.locked',
    });
    await unlockLocalWallet(PASSWORD);
    const refused = await sendLocal(c.chain, { ...send, nonce: 0 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ i18nKey: 'localWalletPages.send.errors.notSent' });
    expect((refused as { values: { reason: string } }).values.reason).toMatch(/nonce/i);
    // Nothing was recorded for either.
    expect(listSent(c.wallet).filter((t) => t.status === 'pending')).toEqual([]);
  });
});
