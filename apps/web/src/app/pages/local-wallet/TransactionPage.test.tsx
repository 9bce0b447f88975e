import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DEV_ADDRESS, OTHER_ADDRESS, sentTx } from '@web/features/local-wallet/testing/fixtures.ts';
import { lockLocalWallet } from '@web/lib/wallet/local.ts';
import { findSent, recordSent } from '@web/lib/wallet/local-sent.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { cleanupWalletPage, importDevWallet, WALLET_PASSWORD } from '@web/test/local-wallet.ts';
import { renderPage } from '@web/test/render.tsx';
import { parseEther } from 'viem';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LocalWalletTransactionPage from './TransactionPage.tsx';

// The chain the page reads, as a fake public client (test/local-chain.ts): balances, gas estimates and fees the
// tests set.
const USDT = '0x00000000000000000000000000000000000000b2';
const AGC = '0x00000000000000000000000000000000000000a1';
const CONTRACT = '0x00000000000000000000000000000000000000c3';
const TO = OTHER_ADDRESS;
const HASH = `0x${'ab'.repeat(32)}` as const;
const BASE_FEE = 100_000_000n; // 0.1 gwei → max fee 0.2 gwei
const ETH_FEE = 25_200n * 2n * BASE_FEE; // 21 000 gas + 20%
const TOKEN_FEE = 60_000n * 2n * BASE_FEE; // 50 000 gas + 20%

const chainState = vi.hoisted(() => ({ ETH: 0n, USDT: 0n, AGC: 0n }));
const sent = vi.hoisted(() => ({ calls: [] as unknown[], mined: false }));

// Whether the chain has mined the wallet's pending transactions (what the pages' pending check finds).
vi.mock('@web/lib/wallet/local-follow.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-follow.ts')>();
  const { fakeCheckPendingSent } = await import('@web/features/local-wallet/testing/fixtures.ts');
  return { ...original, checkPendingSent: fakeCheckPendingSent(() => sent.mined) };
});

vi.mock('@web/lib/wallet/local-chain.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-chain.ts')>();
  const { feeChain } = await import('@web/test/local-chain.ts');
  const getCode = async ({ address }: { address: string }) =>
    address === CONTRACT || address === USDT ? '0x6080' : undefined;
  return {
    ...original,
    loadLocalChain: async () => feeChain(chainState, { USDT, AGC }, BASE_FEE, { getCode }),
  };
});

vi.mock('@web/lib/wallet/local-send.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('@web/lib/wallet/local-send.ts')>();
  return {
    ...original,
    sendLocal: async (_chain: unknown, send: Parameters<typeof original.sendLocal>[1]) => {
      sent.calls.push(send);
      const { recordSent } = await import('@web/lib/wallet/local-sent.ts');
      const tx = {
        hash: HASH,
        from: send.from,
        to: send.recipient,
        asset: send.asset,
        amount: send.amount.toString(),
        nonce: 0,
        maxFeePerGas: send.fee.maxFeePerGas.toString(),
        maxPriorityFeePerGas: send.fee.maxPriorityFeePerGas.toString(),
        gas: send.fee.gasLimit.toString(),
        kind: send.kind,
        status: 'pending' as const,
        createdAt: Date.now(),
      };
      recordSent(tx);
      return tx;
    },
  };
});

const PATH = '/pages/localWallet/transaction';
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
/** Next, once the fee of what was typed is priced (the button waits for it). */
async function next() {
  const button = screen.getByTestId('send-next') as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
}
const amountError = () => screen.queryByTestId('send-amount-error')?.textContent ?? null;
const recipientError = () => screen.queryByTestId('send-recipient-error')?.textContent ?? null;

async function openPage(asset?: string) {
  const view = renderPage(<LocalWalletTransactionPage />, asset ? `${PATH}?asset=${asset}` : PATH);
  await waitFor(() => expect(screen.getByTestId('send-fee').textContent).not.toBe(''));
  await waitFor(() => expect(screen.getByTestId('send-balance').textContent).toMatch(/\d/));
  return view;
}

beforeEach(async () => {
  Object.assign(chainState, { ETH: parseEther('1'), USDT: 25_000_000n, AGC: parseEther('3') });
  sent.calls = [];
  sent.mined = false;
  await importDevWallet();
});

afterEach(cleanupWalletPage);

describe('send page', () => {
  it('asks for the password while the wallet is locked', async () => {
    lockLocalWallet();
    renderPage(<LocalWalletTransactionPage />, PATH);
    expect(screen.getByTestId('send-unlock-form')).toBeTruthy();
    type('send-unlock-password', 'wrong password');
    fireEvent.click(screen.getByTestId('send-unlock'));
    expect((await screen.findByTestId('send-unlock-password-error')).textContent).toBe('Wrong password');
    type('send-unlock-password', WALLET_PASSWORD);
    fireEvent.click(screen.getByTestId('send-unlock'));
    expect(await screen.findByTestId('send-form', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('shows the balance and the fee estimate; the L1 part unavailable off Arbitrum', async () => {
    await openPage();
    expect(screen.getByTestId('send-balance').textContent).toBe('Balance 25.00 USDT');
    expect(screen.getByTestId('send-fee').textContent).toBe(`0.000012 ETH`);
    expect(TOKEN_FEE).toBe(12_000_000_000_000n);
    expect(screen.getByTestId('send-fee-l1').textContent).toBe('Not available on this network');
  });

  it('refuses bad addresses: empty, malformed, wrong checksum; accepts all-lowercase', async () => {
    await openPage();
    await next();
    expect(recipientError()).toBe('Please enter the recipient address');
    type('send-recipient', '0x1234');
    expect(recipientError()).toMatch(/^This is not an address/);
    type('send-recipient', `${TO.slice(0, 4)}a${TO.slice(5)}`);
    expect(recipientError()).toMatch(/checksum \(EIP-55\)/);
    type('send-recipient', TO.toLowerCase());
    expect(recipientError()).toBeNull();
    expect(screen.queryByTestId('send-confirm')).toBeNull();
  });

  it('refuses bad amounts: empty, exponent, too many decimals, zero, negative', async () => {
    await openPage();
    type('send-recipient', TO);
    await next();
    expect(amountError()).toBe('Please enter an amount');
    for (const [value, message] of [
      ['1e3', 'Please enter a valid amount'],
      ['1.0000001', 'This amount allows at most 6 decimal places'],
      ['0', 'The amount must be greater than 0'],
      ['-1', 'The amount must be greater than 0'],
    ] as const) {
      type('send-amount', value);
      expect(amountError()).toBe(message);
    }
    await next();
    expect(screen.queryByTestId('send-confirm')).toBeNull();
  });

  it('token: "The token balance is insufficient", and a clear message when ETH cannot pay the fee', async () => {
    await openPage();
    type('send-recipient', TO);
    type('send-amount', '25.000001');
    await waitFor(() => expect(amountError()).toBe('The token balance is insufficient'));
    chainState.ETH = TOKEN_FEE - 1n;
    await openPageAgain();
    type('send-recipient', TO);
    type('send-amount', '25');
    await waitFor(() => expect(amountError()).toBe('Not enough ETH to pay the network fee'));
  });

  it('ETH: "The balance is insufficient" when amount + fee exceed it; Max is balance minus fee', async () => {
    await openPage('ETH');
    type('send-recipient', TO);
    type('send-amount', '1');
    await waitFor(() => expect(amountError()).toBe('The balance is insufficient'));
    await waitFor(() => expect((screen.getByTestId('send-max') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('send-max'));
    const max = parseEther('1') - ETH_FEE;
    expect((screen.getByTestId('send-amount') as HTMLInputElement).value).toBe('0.99999496');
    expect(max).toBe(999_994_960_000_000_000n);
    expect(amountError()).toBeNull();
  });

  it('warns (without blocking) about a token contract or oneself', async () => {
    await openPage();
    type('send-recipient', USDT);
    expect((await screen.findByTestId('send-warning')).dataset.warning).toBe('tokenContract');
    type('send-recipient', DEV_ADDRESS);
    await waitFor(() => expect(screen.getByTestId('send-warning').dataset.warning).toBe('self'));
    type('send-amount', '1');
    await next();
    expect(await screen.findByTestId('send-confirm')).toBeTruthy();
    expect(screen.getByTestId('send-confirm-warning').textContent).toMatch(/your own address/);
  });

  it('the confirmation names amount and asset, the full recipient and the fee; Send records it and opens the result', async () => {
    const { router } = await openPage('AGC');
    type('send-recipient', TO.toLowerCase());
    type('send-amount', '1.5');
    await next();
    await screen.findByTestId('send-confirm');
    expect(screen.getByTestId('send-confirm-amount').textContent).toBe('1.50 AGC');
    expect(screen.getByTestId('send-confirm-recipient').textContent).toBe(TO);
    expect(screen.getByTestId('send-confirm-fee').textContent).toBe('0.000012 ETH');
    fireEvent.click(screen.getByTestId('send-confirm-send'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/localWallet/result'));
    expect(router.state.location.search).toBe(`?hash=${HASH}`);
    expect(sent.calls).toEqual([
      expect.objectContaining({
        asset: 'AGC',
        recipient: TO,
        amount: 1_500_000_000_000_000_000n,
        kind: 'send',
      }),
    ]);
    expect(findSent(HASH)).toMatchObject({ status: 'pending', asset: 'AGC', amount: '1500000000000000000' });
  });
  it('after switching the asset, the confirmation carries the fee priced for the new asset, never the previous one', async () => {
    await openPage();
    type('send-recipient', TO);
    type('send-amount', '0.1');
    fireEvent.click(screen.getByTestId('send-asset-ETH'));
    type('send-amount', '0.1');
    expect((screen.getByTestId('send-next') as HTMLButtonElement).disabled).toBe(true); // being priced
    await next();
    await screen.findByTestId('send-confirm');
    expect(screen.getByTestId('send-confirm-amount').textContent).toBe('0.10 ETH');
    expect(screen.getByTestId('send-confirm-fee').textContent).toBe('0.00000504 ETH');
    expect(ETH_FEE).toBe(5_040_000_000_000n);
  });
  it('locked while open (the auto-lock), the page asks for the password again', async () => {
    await openPage();
    lockLocalWallet();
    expect(await screen.findByTestId('send-unlock-form', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByTestId('send-form')).toBeNull();
  });
  it('says when a transaction of the wallet is pending (the balance does not include it yet) until it is mined, then reads the balance again', async () => {
    await openPage();
    expect(screen.queryByTestId('send-pending')).toBeNull();
    await cleanupPage();
    recordSent(sentTx({ hash: `0x${'cd'.repeat(32)}`, amount: '5000000', nonce: 0 }));
    const { router } = await openPage();
    expect((await screen.findByTestId('send-pending')).textContent).toMatch(/does not include it yet/);
    expect(screen.getByTestId('send-balance').textContent).toMatch(/25.00 USDT/);
    // Mined: the 5 USDT left; the notice goes and the balance is read again with it (not at the next 15 s refresh).
    chainState.USDT = 20_000_000n;
    sent.mined = true;
    await waitFor(() => expect(screen.queryByTestId('send-pending')).toBeNull(), { timeout: 5_000 });
    expect(screen.getByTestId('send-balance').textContent).toMatch(/20.00 USDT/);
    expect(router.state.location.pathname).toBe(PATH);
  });

  it('links the pending transaction to its result page', async () => {
    const pendingHash = `0x${'ef'.repeat(32)}` as const;
    recordSent(sentTx({ hash: pendingHash, amount: '5000000', nonce: 0 }));
    const { router } = await openPage();
    fireEvent.click(await screen.findByTestId('send-pending-link'));
    await waitFor(() => expect(router.state.location.search).toBe(`?hash=${pendingHash}`));
    expect(router.state.location.pathname).toBe('/pages/localWallet/result');
  });
});

async function openPageAgain() {
  await cleanupPage();
  await openPage();
}
