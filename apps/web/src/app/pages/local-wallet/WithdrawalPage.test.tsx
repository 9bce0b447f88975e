import { fireEvent, screen, waitFor } from '@testing-library/react';
import { parseEther } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importLocalWallet, removeLocalWallet } from '../../../lib/wallet/local.ts';
import type { LocalSend } from '../../../lib/wallet/local-send.ts';
import { listSent, recordSent, type SentTx, updateSent } from '../../../lib/wallet/local-sent.ts';
import { cleanupPage } from '../../../test/cleanup.ts';
import { renderPage } from '../../../test/render.tsx';
import LocalWalletWithdrawalPage from './WithdrawalPage.tsx';

const USDT = '0x00000000000000000000000000000000000000b2';
const AGC = '0x00000000000000000000000000000000000000a1';
const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TARGET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
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

vi.mock('../../../lib/wallet/local-chain.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/wallet/local-chain.ts')>();
  const client = {
    getBlockNumber: async () => 100n,
    getBalance: async () => state.ETH,
    readContract: async ({ address }: { address: string }) => (address === USDT ? state.USDT : state.AGC),
    estimateGas: async ({ to }: { to: string }) => (to === USDT || to === AGC ? 50_000n : 21_000n),
    simulateContract: async () => {
      throw new Error('no NodeInterface');
    },
    getBlock: async () => ({ baseFeePerGas: BASE_FEE }),
    estimateMaxPriorityFeePerGas: async () => 0n,
  };
  return {
    ...original,
    loadLocalChain: async () => ({
      rpcUrl: 'http://rpc',
      explorerUrl: 'https://arbiscan.io',
      client,
      tokens: { USDT, AGC },
    }),
  };
});

// Each step "mines" at once: its amount leaves the balances, its fee (gas limit × max fee) leaves the ETH.
vi.mock('../../../lib/wallet/local-send.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/wallet/local-send.ts')>();
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
vi.mock('../../../lib/wallet/local-follow.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../lib/wallet/local-follow.ts')>();
  return {
    ...original,
    checkPendingSent: async (_c: unknown, from: `0x${string}`) => {
      if (state.mined)
        for (const tx of listSent(from))
          if (tx.status === 'pending') updateSent(tx.hash, { status: 'success' });
      return listSent(from);
    },
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
  localStorage.removeItem('localWalletSent');
  await importLocalWallet(DEV_KEY, 'correct horse battery');
});
afterEach(async () => {
  await cleanupPage();
  removeLocalWallet();
});

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
    expect(screen.getByTestId('sweep-confirm-USDT').textContent).toBe('987.5 USDT');
    expect(screen.getByTestId('sweep-confirm-AGC').textContent).toBe('1,000 AGC');
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
    recordSent({
      hash,
      from: ME,
      to: TARGET,
      asset: 'USDT',
      amount: '987500000',
      nonce: 0,
      maxFeePerGas: '200000000',
      maxPriorityFeePerGas: '0',
      gas: '60000',
      kind: 'sweep',
      status: 'pending',
      createdAt: Date.now(),
    });
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
