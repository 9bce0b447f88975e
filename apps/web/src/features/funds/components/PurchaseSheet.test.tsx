import type { FundOrder } from '@agc/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fundStepTx } from '@web/test/payment-fakes.ts';
import { type ApiHandler, CONFIG, fail, ok, stubApi, testQueryClient } from '@web/test/render.tsx';
import { fakeWaitForReceipt, fakeWallet, hash } from '@web/test/wallet-fakes.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FundPayStep } from '../api/get-fund-tx.ts';
import { memoryFundProgressStore } from '../payment/deps.ts';
import type { FundPaymentDeps } from '../payment/run-fund-payment.ts';
import { fundOrder, MEMBER, product, quote } from '../test/fund-fixtures.ts';
import { PurchaseSheet } from './PurchaseSheet.tsx';

afterEach(cleanupPage);

const AMOUNT = 300_000_000n;

const stepTx = (step: FundPayStep) => fundStepTx(step, AMOUNT);

function deps(log: string[], options: { reject?: boolean } = {}): FundPaymentDeps {
  return {
    fetchStepTx: async (step, id) => {
      log.push(`fetch:${step}:${id}`);
      return stepTx(step);
    },
    reportPaid: async (id, h) => {
      log.push(`report:${id}:${h}`);
      return fundOrder({ order_id: id, status: 'Paid', tx_hash: h });
    },
    wallet: fakeWallet(log, {
      send: options.reject
        ? async () => {
            throw Object.assign(new Error('User rejected the request'), { code: 4001 });
          }
        : undefined,
    }),
    chain: { allowance: async () => 0n, waitForReceipt: fakeWaitForReceipt(log) },
    progress: memoryFundProgressStore(),
    sleep: async () => undefined,
    now: () => Date.now(),
  };
}

/** The chain's RPC for the wallet balances (eth_getBalance, balanceOf via eth_call). */
function rpc(usdt: bigint): Record<string, ApiHandler> {
  const word = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`;
  return {
    'POST /': (_url, body) => {
      const { id, method } = body as { id: number; method: string };
      const result = method === 'eth_getBalance' ? '0x1' : word(method === 'eth_call' ? usdt : 0n);
      return { body: { jsonrpc: '2.0', id, result } };
    },
  };
}

function renderSheet(options: { routes?: Record<string, ApiHandler>; usdt?: bigint; reject?: boolean } = {}) {
  const log: string[] = [];
  const onPaid = vi.fn<(order: FundOrder) => void>();
  const onClose = vi.fn();
  useWalletStore.setState({ address: MEMBER });
  const calls = stubApi({
    ...rpc(options.usdt ?? 10_000_000_000n),
    'GET /api/v1/funds/products/7/quote': (url) => ok(quote(url.searchParams.get('amount') ?? '')),
    'POST /api/v1/funds/orders': (_url, body) =>
      ok(
        fundOrder({
          amount_usdt: (body as { amount: string }).amount,
          quote_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        }),
      ),
    'POST /api/v1/funds/orders/cancel': () => ok(fundOrder({ status: 'Cancelled' })),
    ...options.routes,
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PurchaseSheet
        product={product()}
        visible
        config={CONFIG}
        address={MEMBER}
        onClose={onClose}
        onPaid={onPaid}
        deps={deps(log, { reject: options.reject })}
      />
    </QueryClientProvider>,
  );
  return { log, onPaid, onClose, calls };
}

const api = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.path.startsWith('/api/') && c.method === 'POST').map((c) => [c.path, c.body]);
const ready = () =>
  waitFor(() => expect(screen.getByTestId('fund-confirm').hasAttribute('disabled')).toBe(false));

describe('purchase sheet', () => {
  it('Confirm and pay creates the order, approves USDT, pays, reports the hash and hands over the paid order', async () => {
    const { log, onPaid, calls } = renderSheet();
    fireEvent.change(screen.getByTestId('fund-amount'), { target: { value: '300' } });
    await waitFor(() => expect(screen.getByTestId('fund-wallet-usdt').textContent).toBe('10,000.00 USDT'));
    await ready();
    fireEvent.click(screen.getByTestId('fund-confirm'));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(onPaid.mock.calls[0]?.[0].status).toBe('Paid');
    expect(api(calls)).toEqual([['/api/v1/funds/orders', { product_id: 7, amount: '300' }]]);
    expect(log.filter((l) => l.startsWith('fetch:') || l.startsWith('report:'))).toEqual([
      'fetch:authUsd:501',
      'fetch:paying:501',
      `report:501:${hash(2)}`,
    ]);
    expect(screen.getByTestId('fund-pay-step-authUsd').getAttribute('data-state')).toBe('finish');
    expect(screen.getByTestId('fund-pay-step-paying').getAttribute('data-state')).toBe('finish');
  });

  it('warns when the wallet holds less USDT than the amount, and offers no Confirm', async () => {
    renderSheet({ usdt: 50_000_000n });
    expect((await screen.findByTestId('fund-wallet-short')).textContent).toBe(
      'Not enough USDT: your wallet holds 50.00 USDT, this payment needs 100.00 USDT.',
    );
    expect(screen.getByTestId('fund-confirm').hasAttribute('disabled')).toBe(true);
  });

  it('after a refusal in the wallet, Cancel asks and then cancels the order it created', async () => {
    const { onClose, calls } = renderSheet({ reject: true });
    await ready();
    fireEvent.click(screen.getByTestId('fund-confirm'));
    await waitFor(() => expect(screen.getByTestId('fund-confirm').textContent).toBe('Try again'));
    expect(screen.queryByTestId('fund-pay-error')).toBeNull(); // a refusal is quiet
    fireEvent.click(screen.getByTestId('fund-sheet-close'));
    fireEvent.click(await screen.findByText('Cancel subscription'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api(calls)).toEqual([
      ['/api/v1/funds/orders', { product_id: 7, amount: '100' }],
      ['/api/v1/funds/orders/cancel', { order_id: '501' }],
    ]);
  });

  it('a quote the server refuses says why, in place of the figures', async () => {
    renderSheet({
      routes: { 'GET /api/v1/funds/products/7/quote': () => fail(400, 'This fund is not on sale') },
    });
    expect((await screen.findByTestId('fund-quote-error')).textContent).toBe('This fund is not on sale');
  });
});
