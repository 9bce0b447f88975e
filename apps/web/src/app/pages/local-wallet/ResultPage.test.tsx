import { fireEvent, screen, waitFor } from '@testing-library/react';
import { OTHER_ADDRESS, sentTx } from '@web/features/local-wallet/testing/fixtures.ts';
import { lockLocalWallet } from '@web/lib/wallet/local.ts';
import { recordSent, type SentTx } from '@web/lib/wallet/local-sent.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { cleanupWalletPage, importDevWallet, WALLET_PASSWORD } from '@web/test/local-wallet.ts';
import { renderPage } from '@web/test/render.tsx';
import { type Hash, TransactionNotFoundError, TransactionReceiptNotFoundError } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LocalWalletResultPage from './ResultPage.tsx';

// The chain as a fake client: receipts, the account's mined count and the node's pool are what the tests set; what
// it does not have it answers as a node does (viem's "not found" errors), not with any error.
const TO = OTHER_ADDRESS;
const h = (b: string) => `0x${b.repeat(32)}` as Hash;

const chain = vi.hoisted(() => ({
  receipts: new Map<
    string,
    { status: 'success' | 'reverted'; blockNumber: bigint; gasUsed: bigint; effectiveGasPrice: bigint }
  >(),
  minedCount: 0,
  known: new Set<string>(),
  replaced: [] as { hash: string; mode: string }[],
}));

vi.mock('@web/lib/wallet/local-chain.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-chain.ts')>();
  const client = {
    getTransactionReceipt: async ({ hash }: { hash: string }) => {
      const r = chain.receipts.get(hash);
      if (!r) throw new TransactionReceiptNotFoundError({ hash: hash as Hash });
      return r;
    },
    getTransactionCount: async () => chain.minedCount,
    getTransaction: async ({ hash }: { hash: string }) => {
      if (!chain.known.has(hash)) throw new TransactionNotFoundError({ hash: hash as Hash });
      return { hash };
    },
  };
  const { fakeLocalChain, OTHER_ADDRESS: to } = await import(
    '@web/features/local-wallet/testing/fixtures.ts'
  );
  return { ...original, loadLocalChain: async () => fakeLocalChain(client, { USDT: to, AGC: to }) };
});

vi.mock('@web/lib/wallet/local-send.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-send.ts')>();
  return {
    ...original,
    replaceLocal: async (_chain: unknown, tx: SentTx, mode: 'speedUp' | 'cancel') => {
      chain.replaced.push({ hash: tx.hash, mode });
      const next = { ...tx, hash: h('ee'), kind: mode, replaces: tx.hash, createdAt: Date.now() };
      recordSent(next);
      return next;
    },
  };
});

/** A transaction of the wallet, recorded as this browser's (a pending 12.5 USDT send unless `patch` says). */
const sent = (patch: Partial<SentTx> = {}): SentTx => {
  const tx = sentTx(patch);
  recordSent(tx);
  return tx;
};

/** The chain mined `hash`: its receipt's status, block, gas used and the price paid per gas. */
const mine = (
  hash: string,
  status: 'success' | 'reverted',
  { block, gasUsed, gasPrice }: { block: bigint; gasUsed: bigint; gasPrice: bigint },
) => chain.receipts.set(hash, { status, blockNumber: block, gasUsed, effectiveGasPrice: gasPrice });

const open = (hash: string) =>
  renderPage(<LocalWalletResultPage />, `/pages/localWallet/result?hash=${hash}`);
const status = async (value: string) =>
  waitFor(() => expect(screen.getByTestId('tx-result').dataset.status).toBe(value), { timeout: 3000 });

beforeEach(async () => {
  chain.receipts.clear();
  chain.known.clear();
  chain.minedCount = 3;
  chain.replaced = [];
  await importDevWallet();
});

afterEach(cleanupWalletPage);

describe('result page', () => {
  it('follows a pending transfer until mined: block, fee paid, explorer link', async () => {
    const tx = sent();
    chain.known.add(tx.hash);
    open(tx.hash);
    await status('pending');
    expect(screen.getByTestId('tx-amount').textContent).toBe('12.50 USDT');
    expect(screen.getByTestId('tx-recipient').textContent).toBe(TO);
    expect(screen.getByTestId('tx-fee').textContent).toBe('0.000012 ETH'); // at most: 60 000 × 0.2 gwei
    expect(screen.getByTestId('tx-speed-up')).toBeTruthy();
    mine(tx.hash, 'success', { block: 42n, gasUsed: 50_000n, gasPrice: 100_000_000n });
    chain.minedCount = 4;
    await status('success');
    expect(screen.getByTestId('tx-headline').textContent).toBe('The transaction succeeded');
    expect(screen.getByTestId('tx-block').textContent).toBe('42');
    expect(screen.getByTestId('tx-fee').textContent).toBe('0.000005 ETH');
    expect(screen.getByTestId('tx-explorer').getAttribute('href')).toBe(`https://arbiscan.io/tx/${tx.hash}`);
    expect(screen.queryByTestId('tx-speed-up')).toBeNull();
  });

  it('a failed transaction says why: out of gas', async () => {
    const tx = sent();
    mine(tx.hash, 'reverted', { block: 7n, gasUsed: 60_000n, gasPrice: 1n });
    open(tx.hash);
    await status('reverted');
    expect(screen.getByTestId('tx-reason').textContent).toMatch(/^It ran out of gas/);
  });

  it('replaced: its nonce was used by our mined speed-up, linked', async () => {
    const tx = sent();
    const faster = sent({ hash: h('22'), kind: 'speedUp', replaces: tx.hash });
    mine(faster.hash, 'success', { block: 8n, gasUsed: 50_000n, gasPrice: 1n });
    chain.minedCount = 4;
    const { router } = open(tx.hash);
    await status('replaced');
    expect(screen.getByTestId('tx-reason').textContent).toMatch(/same nonce/);
    fireEvent.click(screen.getByTestId('tx-replaced-by'));
    await waitFor(() => expect(router.state.location.search).toBe(`?hash=${faster.hash}`));
  });

  it('dropped: its nonce used by a transaction this browser did not send', async () => {
    const tx = sent();
    chain.minedCount = 4;
    open(tx.hash);
    await status('dropped');
    expect(screen.getByTestId('tx-headline').textContent).toBe('The transaction was dropped');
  });

  it('speed up and cancel a pending one; locked, it asks for the password first', async () => {
    const tx = sent();
    chain.known.add(tx.hash);
    lockLocalWallet();
    const { router } = open(tx.hash);
    await status('pending');
    expect(screen.queryByTestId('tx-speed-up')).toBeNull();
    fireEvent.change(screen.getByTestId('send-unlock-password'), {
      target: { value: WALLET_PASSWORD },
    });
    fireEvent.click(screen.getByTestId('send-unlock'));
    fireEvent.click(await screen.findByTestId('tx-speed-up', {}, { timeout: 5000 }));
    await waitFor(() => expect(router.state.location.search).toBe(`?hash=${h('ee')}`));
    expect(chain.replaced).toEqual([{ hash: tx.hash, mode: 'speedUp' }]);
  });

  it('a hash this browser did not send, and a link without a hash', async () => {
    open(h('99'));
    expect((await screen.findByTestId('empty-state')).textContent).toMatch(/not sent from this browser/);
    await cleanupPage();
    renderPage(<LocalWalletResultPage />, '/pages/localWallet/result?hash=0x12');
    expect(screen.getByTestId('empty-state').textContent).toMatch(/does not name a transaction/);
  });
});
