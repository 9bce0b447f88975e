import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEV_ADDRESS, OTHER_ADDRESS, sentTx } from '@web/features/local-wallet/testing/fixtures.ts';
import type { LocalSend } from '@web/lib/wallet/local-send.ts';
import { recordSent, type SentTx } from '@web/lib/wallet/local-sent.ts';
import { cleanupWalletPage, importDevWallet } from '@web/test/local-wallet.ts';
import { renderPage } from '@web/test/render.tsx';
import { parseEther } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LocalWalletWithdrawalPage from './WithdrawalPage.tsx';

const USDT = '0x00000000000000000000000000000000000000b2';
const AGC = '0x00000000000000000000000000000000000000a1';
const ME = DEV_ADDRESS;
const TARGET = OTHER_ADDRESS;
const BASE_FEE = 100_000_000n;
const ETH_FEE = 25_200n * 2n * BASE_FEE;
const TOKEN_FEE = 60_000n * 2n * BASE_FEE;

const state = vi.hoisted(() => ({
  ETH: 0n,
  USDT: 0n,
  AGC: 0n,
  sends: [] as LocalSend[],
  fail: null as string | null,
  /** Whether the chain has mined the wallet's pending transactions (what checkPendingSent finds). */
  mined: false,
}));

vi.mock('@web/lib/wallet/local-chain.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-chain.ts')>();
  const { feeChain } = await import('@web/test/local-chain.ts');
  return { ...original, loadLocalChain: async () => feeChain(state, { USDT, AGC }, BASE_FEE) };
});

// Each step "mines" at once: its amount leaves the balances, its fee (gas limit × max fee) leaves the ETH.
vi.mock('@web/lib/wallet/local-send.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-send.ts')>();
  return {
    ...original,
    sendLocal: async (_c: unknown, send: LocalSend) => {
      state.sends.push(send);
      state[send.asset] -= send.amount;
      state.ETH -= send.fee.gasLimit * send.fee.maxFeePerGas;
      return {
        hash: `0x${String(state.sends.length).repeat(64)}`,
        asset: send.asset,
        status: 'pending',
      } as SentTx;
    },
  };
});
vi.mock('@web/lib/wallet/local-follow.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-follow.ts')>();
  const { fakeCheckPendingSent } = await import('@web/features/local-wallet/testing/fixtures.ts');
  return {
    ...original,
    checkPendingSent: fakeCheckPendingSent(() => state.mined),
    waitSettled: async (_c: unknown, tx: SentTx) =>
      state.fail === tx.asset
        ? { ...tx, status: 'reverted', reason: 'reverted' }
        : { ...tx, status: 'success' },
  };
});

const PATH = '/pages/localWallet/withdrawal';
const fill = (value: string) => fireEvent.change(screen.getByTestId('sweep-target'), { target: { value } });
const submitEnabled = () =>
  waitFor(() => expect((screen.getByTestId('sweep-submit') as HTMLButtonElement).disabled).toBe(false));

beforeEach(async () => {
  Object.assign(state, {
    ETH: parseEther('0.01'),
    USDT: 987_500_000n,
    AGC: parseEther('1000'),
    sends: [],
    fail: null,
    mined: false,
  });
  await importDevWallet();
});
afterEach(cleanupWalletPage);

describe('withdrawal of everything', () => {
  it('refuses a bad or own address; one confirmation names each amount; USDT, AGC, then the ETH left', async () => {
    renderPage(<LocalWalletWithdrawalPage />, PATH);
    await submitEnabled();
    expect(screen.getByTestId('sweep-fees').textContent).toBe('0.00002904 ETH');
    fireEvent.click(screen.getByTestId('sweep-submit'));
    expect(screen.getByTestId('sweep-target-error').textContent).toBe('Please enter the recipient address');
    fill('0x1234');
    expect(screen.getByTestId('sweep-target-error').textContent).toMatch(/^This is not an address/);
    fill(ME);
    expect(screen.getByTestId('sweep-target-error').textContent).toMatch(/wallet's own address/);
    fill(TARGET);
    await submitEnabled();
    fireEvent.click(screen.getByTestId('sweep-submit'));
    expect((await screen.findByTestId('sweep-confirm-to')).textContent).toBe(TARGET);
    expect(screen.getByTestId('sweep-confirm-USDT').textContent).toBe('987.50 USDT');
    expect(screen.getByTestId('sweep-confirm-AGC').textContent).toBe('1,000.00 AGC');
    const ethLeft = parseEther('0.01') - 2n * TOKEN_FEE - ETH_FEE;
    expect(screen.getByTestId('sweep-confirm-ETH').textContent).toBe('≈ 0.00997096 ETH');
    expect(ethLeft).toBe(9_970_960_000_000_000n);
    fireEvent.click(screen.getByText('Withdraw'));
    await screen.findByTestId('sweep-done');
    expect(state.sends.map((s) => [s.asset, s.amount, s.recipient, s.kind])).toEqual([
      ['USDT', 987_500_000n, TARGET, 'sweep'],
      ['AGC', parseEther('1000'), TARGET, 'sweep'],
      ['ETH', ethLeft, TARGET, 'sweep'],
    ]);
    expect(state.ETH).toBe(0n); // the whole balance: amounts plus the fees reserved
  });

  it('says so before confirming when ETH cannot pay the fees', async () => {
    state.ETH = 2n * TOKEN_FEE - 1n;
    renderPage(<LocalWalletWithdrawalPage />, PATH);
    expect((await screen.findByTestId('sweep-problem')).textContent).toBe(
      'There is not enough ETH to pay the network fees of the withdrawal.',
    );
    expect((screen.getByTestId('sweep-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it('a failed step stops the sweep and says which', async () => {
    state.fail = 'AGC';
    renderPage(<LocalWalletWithdrawalPage />, PATH);
    fill(TARGET);
    await submitEnabled();
    fireEvent.click(screen.getByTestId('sweep-submit'));
    fireEvent.click(await screen.findByText('Withdraw'));
    expect((await screen.findByTestId('sweep-failure')).textContent).toBe(
      'The withdrawal stopped at the AGC step; the later steps were not sent.',
    );
    expect(screen.getByTestId('sweep-step-USDT').dataset.status).toBe('success');
    expect(screen.getByTestId('sweep-step-AGC').dataset.status).toBe('failed');
    expect(screen.getByTestId('sweep-step-ETH').dataset.status).toBe('waiting');
    expect(state.sends.map((s) => s.asset)).toEqual(['USDT', 'AGC']);
  });

  it('waits while a transaction of the wallet is pending (a reload during a sweep), then plans on fresh balances', async () => {
    // A sweep's USDT step was sent, then the page was reloaded before it was mined: the balances still show the USDT.
    const hash = `0x${'ab'.repeat(32)}` as const;
    recordSent(sentTx({ hash, amount: '987500000', nonce: 0, kind: 'sweep' }));
    const { router } = renderPage(<LocalWalletWithdrawalPage />, PATH);
    expect((await screen.findByTestId('sweep-pending')).textContent).toMatch(/still waiting to be mined/);
    fireEvent.click(screen.getByTestId('sweep-pending-link'));
    await waitFor(() => expect(router.state.location.search).toBe(`?hash=${hash}`));
    expect(router.state.location.pathname).toBe('/pages/localWallet/result');
    await router.navigate(PATH);
    fill(TARGET);
    expect((screen.getByTestId('sweep-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(screen.getByTestId('sweep-form'));
    expect(screen.queryByText('Withdraw')).toBeNull(); // no confirmation while it waits
    expect(state.sends).toEqual([]);

    // The step is mined: the USDT has left, the page reads the balances again and offers the rest only.
    state.USDT = 0n;
    state.mined = true;
    await waitFor(() => expect(screen.queryByTestId('sweep-pending')).toBeNull(), { timeout: 5_000 });
    await submitEnabled();
    fireEvent.click(screen.getByTestId('sweep-submit'));
    expect(await screen.findByTestId('sweep-confirm-AGC')).toBeTruthy();
    expect(screen.queryByTestId('sweep-confirm-USDT')).toBeNull();
    fireEvent.click(screen.getByText('Withdraw'));
    await screen.findByTestId('sweep-done');
    expect(state.sends.map((s) => s.asset)).toEqual(['AGC', 'ETH']);
  });
});
