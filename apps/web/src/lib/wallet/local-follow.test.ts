// @vitest-environment node
import { createWalletClient, type Hash, http, type PublicClient, parseEther } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  checkPendingSent,
  checkSent,
  classifySent,
  type SentObservation,
  waitSettled,
} from './local-follow.ts';
import { DROPPED_AFTER_MS } from './local-nonces.ts';
import { startTxChain, type TxChain, WALLET_KEY } from './local-send.testing.ts';
import { estimateTransferFee, sendLocal } from './local-send.ts';
import { findSent, recordSent, type SentTx } from './local-sent.ts';
import { arbitrumChain } from './rpc.ts';

const TO = '0x000000000000000000000000000000000000dEaD';
const NOW = 1_800_000_000_000;
const tx: SentTx = {
  hash: `0x${'11'.repeat(32)}`,
  from: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  to: TO,
  asset: 'USDT',
  amount: '1000000',
  nonce: 4,
  maxFeePerGas: '2000000000',
  maxPriorityFeePerGas: '1',
  gas: '60000',
  kind: 'send',
  status: 'pending',
  createdAt: NOW - 1000,
};
const seen = (patch: Partial<SentObservation>): SentObservation => ({
  receipt: null,
  minedCount: 4,
  known: true,
  minedSibling: null,
  ...patch,
});
const receipt = (status: 'success' | 'reverted', gasUsed: bigint) => ({
  status,
  blockNumber: 10n,
  gasUsed,
  effectiveGasPrice: 1n,
});

describe('what became of a sent transaction (pure)', () => {
  it('mined: success, reverted, or out of gas (all the gas used)', () => {
    expect(classifySent(tx, seen({ receipt: receipt('success', 50_000n) }), NOW)).toEqual({
      status: 'success',
    });
    expect(classifySent(tx, seen({ receipt: receipt('reverted', 30_000n) }), NOW)).toEqual({
      status: 'reverted',
      reason: 'reverted',
    });
    expect(classifySent(tx, seen({ receipt: receipt('reverted', 60_000n) }), NOW)).toEqual({
      status: 'reverted',
      reason: 'outOfGas',
    });
  });

  it('nonce passed and not mined: replaced by our mined sibling, else dropped', () => {
    const other = `0x${'22'.repeat(32)}` as const;
    expect(classifySent(tx, seen({ minedCount: 5, minedSibling: other }), NOW)).toEqual({
      status: 'replaced',
      reason: 'replaced',
      replacedBy: other,
    });
    expect(classifySent(tx, seen({ minedCount: 5 }), NOW)).toEqual({ status: 'dropped', reason: 'dropped' });
  });

  it('nonce not passed: pending while the node knows it, or while too recent to tell', () => {
    expect(classifySent(tx, seen({}), NOW).status).toBe('pending');
    expect(classifySent(tx, seen({ known: false }), NOW).status).toBe('pending');
    expect(classifySent(tx, seen({ known: false }), tx.createdAt + DROPPED_AFTER_MS)).toEqual({
      status: 'dropped',
      reason: 'dropped',
    });
  });
});

describe('following transactions on anvil', () => {
  let c: TxChain;
  beforeAll(async () => {
    c = await startTxChain();
    await c.fund(c.wallet, { ETH: parseEther('10'), USDT: 5_000_000n });
  }, 60_000);
  afterEach(async () => {
    await c.testClient.setAutomine(true);
  });
  afterAll(() => c?.stop());

  const send = (asset: 'ETH' | 'USDT', amount: bigint, gasLimit?: bigint) =>
    estimateTransferFee(c.chain, c.wallet, asset, TO, asset === 'USDT' ? 1n : amount).then((fee) =>
      sendLocal(c.chain, {
        from: c.wallet,
        asset,
        recipient: TO,
        amount,
        fee: { ...fee, gasLimit: gasLimit ?? fee.gasLimit },
        kind: 'send',
      }),
    );

  // Automine mines on arrival, but a loaded machine may answer the receipt a moment later: these cases are about a
  // mined transaction, so they wait for it.
  const mined = (sent: SentTx) =>
    c.chain.client.waitForTransactionReceipt({ hash: sent.hash, pollingInterval: 50 });

  it('a mined transfer: success, its block and the fee paid stored', async () => {
    const sent = await send('USDT', 1_000_000n);
    await mined(sent);
    const done = await checkSent(c.chain.client, sent);
    const r = await c.chain.client.getTransactionReceipt({ hash: sent.hash });
    expect(done).toMatchObject({
      status: 'success',
      blockNumber: r.blockNumber.toString(),
      gasUsed: r.gasUsed.toString(),
      feePaid: (r.gasUsed * r.effectiveGasPrice).toString(),
    });
    expect(findSent(sent.hash)?.status).toBe('success');
  });

  it('a transfer the token refuses (more than the balance): reverted', async () => {
    const sent = await send('USDT', 999_000_000n, 100_000n);
    await mined(sent);
    expect(await checkSent(c.chain.client, sent)).toMatchObject({ status: 'reverted', reason: 'reverted' });
  });

  it('a transfer with too little gas: out of gas', async () => {
    const sent = await send('USDT', 1n, 30_000n);
    await mined(sent);
    expect(await checkSent(c.chain.client, sent)).toMatchObject({ status: 'reverted', reason: 'outOfGas' });
  });

  it('dropped: the node forgot it and the same key used the nonce elsewhere', async () => {
    await c.testClient.setAutomine(false);
    const sent = await send('ETH', 3n);
    expect((await checkSent(c.chain.client, sent)).status).toBe('pending');
    await c.testClient.dropTransaction({ hash: sent.hash });
    // The same key imported in another wallet sends its own transaction with that nonce.
    const elsewhere = createWalletClient({
      account: privateKeyToAccount(WALLET_KEY),
      chain: arbitrumChain(c.anvil.url),
      transport: http(c.anvil.url),
    });
    await elsewhere.sendTransaction({ to: c.wallet, value: 0n, nonce: sent.nonce });
    await c.testClient.mine({ blocks: 1 });
    expect(await checkSent(c.chain.client, sent)).toMatchObject({ status: 'dropped', reason: 'dropped' });
  });

  it('a node that does not answer decides nothing: pending until it answers, never dropped', async () => {
    const sent = await send('USDT', 1_000_000n);
    await mined(sent);
    // Its nonce has passed; the receipt and transaction reads fail as a busy node's do (not "not found").
    let failures = 2;
    const busy = {
      ...c.chain.client,
      getTransactionReceipt: async (args: { hash: Hash }) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('HTTP request failed: the request took too long to respond');
        }
        return c.chain.client.getTransactionReceipt(args);
      },
      getTransaction: async () => {
        throw new Error('HTTP request failed: the request took too long to respond');
      },
    } as unknown as PublicClient;
    await expect(checkSent(busy, sent)).rejects.toThrow(/too long/);
    expect(findSent(sent.hash)?.status).toBe('pending');
    // The follower asks again at its next interval, and the answer that comes is the verdict.
    expect(await waitSettled(busy, sent, 10)).toMatchObject({ status: 'success' });
    expect(findSent(sent.hash)?.status).toBe('success');
  });

  it('the list follower settles every pending entry of the wallet', async () => {
    await c.testClient.setAutomine(false);
    const a = await send('ETH', 1n);
    const b = await send('ETH', 2n);
    expect(
      (await checkPendingSent(c.chain.client, c.wallet)).filter((t) => t.status === 'pending'),
    ).toHaveLength(2);
    await c.testClient.mine({ blocks: 1 });
    const after = await checkPendingSent(c.chain.client, c.wallet);
    expect(after.find((t) => t.hash === a.hash)?.status).toBe('success');
    expect(after.find((t) => t.hash === b.hash)?.status).toBe('success');
  });

  it('a transaction of another browser is not followed', async () => {
    recordSent({ ...tx, from: '0x0000000000000000000000000000000000000001' });
    expect(await checkPendingSent(c.chain.client, c.wallet)).not.toContainEqual(
      expect.objectContaining({ hash: tx.hash }),
    );
  });
});
