import { shortAddress } from '@agc/shared';
import { screen, waitFor } from '@testing-library/react';
import { explorerTxUrl } from '@web/lib/format.ts';
import { recordSent } from '@web/lib/wallet/local-sent.ts';
import { cleanupWalletPage, importDevWallet } from '@web/test/local-wallet.ts';
import { CONFIG, ok, renderPage, stubApi } from '@web/test/render.tsx';
import type { Address, Hash } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LocalWalletListPage from './ListPage.tsx';

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const TOKENS = {
  USDT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  AGC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
};
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;

// A chain of 100 blocks: one USDT transfer in, one AGC transfer out (sent from this browser).
const chain = vi.hoisted(() => ({ logs: [] as unknown[], fail: false }));
vi.mock('@web/lib/wallet/local-chain.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@web/lib/wallet/local-chain.ts')>()),
  loadLocalChain: async () => ({
    rpcUrl: 'http://rpc',
    explorerUrl: 'https://arbiscan.io/',
    tokens: {
      USDT: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      AGC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    },
    contracts: {
      ...(await import('@web/test/config.ts')).CONFIG.contracts,
      usdt: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      token: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    },
    client: {
      getBlockNumber: async () => {
        if (chain.fail) throw new Error('RPC unreachable');
        return 100n;
      },
      getBlock: async ({ blockNumber }: { blockNumber: bigint }) => ({
        hash: `0x${blockNumber.toString(16).padStart(64, 'a')}`,
        timestamp: 1_764_000_000n + blockNumber,
      }),
      getCode: async () => '0x60',
      getLogs: async (q: { args: { from?: string; to?: string } }) =>
        (chain.logs as { args: { from: string; to: string } }[]).filter((l) =>
          q.args.from ? l.args.from === q.args.from : l.args.to === q.args.to,
        ),
    },
  }),
}));

afterEach(async () => {
  await cleanupWalletPage();
  chain.logs = [];
  chain.fail = false;
});

const log = (block: bigint, token: string, from: Address, to: Address, value: bigint, tx: Hash) => ({
  address: token,
  transactionHash: tx,
  logIndex: 0,
  blockNumber: block,
  args: { from, to, value },
});

describe('local wallet list page', () => {
  it('without a wallet: No Data Available and a way to the wallet', async () => {
    stubApi({ 'GET /api/v1/config': () => ok(CONFIG) });
    renderPage(<LocalWalletListPage />, '/pages/localWallet/list');
    expect(screen.getByText('No Data Available')).toBeTruthy();
    expect(screen.getByTestId('local-history-open-wallet')).toBeTruthy();
  });

  it('lists a pending send first, then transfers newest first, with links; No More Data at the floor', async () => {
    stubApi({ 'GET /api/v1/config': () => ok(CONFIG) });
    await importDevWallet();
    chain.logs = [
      log(90n, TOKENS.USDT, OTHER, WALLET, 12_500_000n, hash(1)),
      log(95n, TOKENS.AGC, WALLET, OTHER, 2n * 10n ** 18n, hash(2)),
    ];
    const sent = {
      from: WALLET,
      to: OTHER,
      nonce: 0,
      maxFeePerGas: '1',
      maxPriorityFeePerGas: '1',
      gas: '21000',
      kind: 'send' as const,
    };
    recordSent({
      ...sent,
      hash: hash(2),
      asset: 'AGC',
      amount: (2n * 10n ** 18n).toString(),
      status: 'success',
      createdAt: 1,
    });
    recordSent({
      ...sent,
      hash: hash(3),
      asset: 'ETH',
      amount: '10000000000000000',
      status: 'pending',
      nonce: 1,
      createdAt: 2,
    });
    renderPage(<LocalWalletListPage />, '/pages/localWallet/list');
    await waitFor(() => expect(screen.getAllByTestId('local-history-item')).toHaveLength(3));
    const items = screen.getAllByTestId('local-history-item');
    expect(items.map((i) => i.getAttribute('data-hash'))).toEqual([hash(3), hash(2), hash(1)]);
    expect(items.map((i) => i.querySelector('[data-testid="local-history-amount"]')?.textContent)).toEqual([
      '−0.01 ETH',
      '−2.00 AGC',
      '+12.50 USDT',
    ]);
    expect(items.map((i) => i.querySelector('[data-testid="local-history-status"]')?.textContent)).toEqual([
      'Pending',
      'Success',
      'Success',
    ]);
    // Own sends open the result page; every item links to the explorer.
    expect(items[0]?.querySelector('[data-testid="local-history-result"]')).toBeTruthy();
    expect(items[2]?.querySelector('[data-testid="local-history-result"]')).toBeNull();
    expect(items[2]?.querySelector('a')?.getAttribute('href')).toBe(
      explorerTxUrl(CONFIG.explorer_url, hash(1)),
    );
    expect(await screen.findByTestId('list-no-more')).toBeTruthy();
  });

  it('names the app’s contracts and the mint instead of bare hex; an unknown address stays hex', async () => {
    stubApi({ 'GET /api/v1/config': () => ok(CONFIG) });
    await importDevWallet();
    const zero = '0x0000000000000000000000000000000000000000' as Address;
    const payment = CONFIG.contracts.transfer as Address;
    chain.logs = [
      log(80n, TOKENS.USDT, zero, WALLET, 1_000_000_000n, hash(4)),
      log(85n, TOKENS.AGC, WALLET, payment, 5n * 10n ** 18n, hash(5)),
      log(90n, TOKENS.USDT, WALLET, OTHER, 1_000_000n, hash(6)),
    ];
    renderPage(<LocalWalletListPage />, '/pages/localWallet/list');
    await waitFor(() => expect(screen.getAllByTestId('local-history-item')).toHaveLength(3));
    const sides = screen.getAllByTestId('local-history-counterparty');
    expect(sides.map((s) => s.dataset.name ?? null)).toEqual([null, 'transfer', 'mint']);
    expect(sides.map((s) => s.textContent)).toEqual([
      '0x70997970C5...17dc79C8',
      `Payment contract · ${shortAddress(payment)}`,
      `Mint · ${shortAddress(zero)}`,
    ]);
    // The full address stays one tap (hover) away.
    expect(sides[1]?.getAttribute('title')).toBe(payment);
  });

  it('a failing RPC shows Load Failed', async () => {
    stubApi({ 'GET /api/v1/config': () => ok(CONFIG) });
    await importDevWallet();
    chain.fail = true;
    renderPage(<LocalWalletListPage />, '/pages/localWallet/list');
    expect((await screen.findByTestId('list-error', {}, { timeout: 5000 })).textContent).toContain(
      'Load Failed',
    );
  });
});
