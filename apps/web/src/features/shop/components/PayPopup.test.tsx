import type { Quote } from '@agc/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type WalletBalances, walletBalancesQueryOptions } from '@web/lib/wallet-balances.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { MEMBER, makeOrder, makeQuote } from '@web/test/fixtures.ts';
import { AGC_FEE, CONTRACTS, fake, hash, PLENTY, rpcBalances, USDT_PRICE } from '@web/test/payment-fakes.ts';
import { type ApiHandler, CONFIG, ok, stubApi, testQueryClient } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayPopup } from './PayPopup.tsx';

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

const QUOTE = makeQuote();

function renderCheckout(
  options: {
    order?: ReturnType<typeof makeOrder> | null;
    quote?: Quote | null;
    f?: ReturnType<typeof fake>;
    /** The wallet's balances on the chain; null: the read never answers (still loading). */
    balances?: WalletBalances | null;
    /** What a page read of the balances left in the cache before the sheet opened. */
    cached?: WalletBalances;
    /** The app server's routes (stubApi). */
    routes?: Record<string, ApiHandler>;
  } = {},
) {
  const f = options.f ?? fake();
  f.clock.now = Date.now();
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const order =
    options.order === undefined ? makeOrder({ quote_expires_at: minutes(30) }) : (options.order ?? null);
  const client = testQueryClient();
  useWalletStore.setState({ address: MEMBER });
  const calls = stubApi({
    ...(options.balances === null ? {} : rpcBalances(options.balances ?? PLENTY)),
    ...options.routes,
  });
  if (options.balances === null)
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
  if (options.cached)
    client.setQueryData(walletBalancesQueryOptions(CONFIG, MEMBER).queryKey, options.cached);
  render(
    <QueryClientProvider client={client}>
      <PayPopup
        order={order}
        quote={options.quote ?? null}
        config={CONFIG}
        deps={f.deps}
        onPaid={onPaid}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return { f, onPaid, onClose, client, calls };
}

/** Confirm is offered once the balances are read. */
const confirmReady = () =>
  waitFor(() => expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(false));

/** The requests to the app's server (the chain's RPC is read for the balances). */
const apiCalls = <T extends { path: string }>(calls: T[]) => calls.filter((c) => c.path.startsWith('/api/'));

const stepState = (step: string) => screen.getByTestId(`pay-step-${step}`).getAttribute('data-state');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkout', () => {
  it('shows the quote: price in USDT, AGC fee, AGC price and the expiry countdown', () => {
    renderCheckout();
    expect(screen.getByTestId('quote-price').textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('quote-fee').textContent).toBe('5.00 AGC');
    expect(screen.getByTestId('quote-agc-price').textContent).toBe(
      '1 AGC = 0.50 USDTFixed price — not from the market',
    );
    expect(screen.getByTestId('quote-price-source').dataset.source).toBe('fixed');
    expect(screen.getByTestId('quote-countdown').textContent).toMatch(/^(30:00|29:59)$/);
    expect(screen.queryByTestId('pay-stepper')).toBeNull();
  });

  it('Confirm runs the three steps on the stepper and reports the payment', async () => {
    const { f, onPaid, client } = renderCheckout();
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    // the next pages read the reported order, not the quote's
    expect(client.getQueryData<{ status: string }>(['order', '42'])?.status).toBe('Verifying');
    expect(onPaid.mock.calls[0]?.[0]).toMatchObject({ status: 'Verifying', tx_hash: hash(3) });
    expect(['authAmc', 'authUsd', 'paying'].map(stepState)).toEqual(['finish', 'finish', 'finish']);
    expect(f.log.filter((l) => l.startsWith('send:'))).toEqual([
      `send:${CONTRACTS.token}`,
      `send:${CONTRACTS.usdt}`,
      `send:${CONTRACTS.transfer}`,
    ]);
  });

  it('marks covered approvals as skipped', async () => {
    const { onPaid } = renderCheckout({ f: fake({ allowances: { token: AGC_FEE, usdt: USDT_PRICE } }) });
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(['authAmc', 'authUsd', 'paying'].map(stepState)).toEqual(['skipped', 'skipped', 'finish']);
  });

  it('shows message.notToken for -32603 and lets the member try again', async () => {
    const f = fake({
      send: async () => {
        throw { code: -32603, message: 'Internal JSON-RPC error.' };
      },
    });
    const { onPaid } = renderCheckout({ f });
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('pay-error').textContent).toBe('The token balance is insufficient'),
    );
    expect(stepState('authAmc')).toBe('error');
    expect(stepState('authUsd')).toBe('wait');
    expect(screen.getByTestId('order-confirm').textContent).toBe('Try again');
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('shows message.payError for other wallet failures and nothing for a refusal', async () => {
    let code = -32000;
    const f = fake({
      send: async () => {
        throw { code, message: 'nope' };
      },
    });
    renderCheckout({ f });
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(screen.getByTestId('pay-error').textContent).toBe('The payment failed'));
    code = 4001;
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(screen.queryByTestId('pay-error')).toBeNull());
    await waitFor(() => expect(stepState('authAmc')).toBe('error'));
    expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(false);
  });

  it('an expired quote says so and offers a new order for the same product', async () => {
    const { f, calls } = renderCheckout({
      order: makeOrder({ quote_expires_at: minutes(-1) }),
      routes: {
        'POST /api/v1/order': () => ok(makeOrder({ order_id: '43', quote_expires_at: minutes(30) })),
      },
    });
    expect(screen.getByTestId('quote-expired').textContent).toContain(
      'The quote of this order has expired. Please place a new order.',
    );
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    fireEvent.click(screen.getByTestId('order-new'));
    await waitFor(() => expect(screen.queryByTestId('quote-expired')).toBeNull());
    expect(calls.find((c) => c.path === '/api/v1/order')?.body).toEqual({ product_id: 1 });
    expect(screen.getByTestId('quote-countdown').textContent).toMatch(/^(30:00|29:59)$/);
    expect(f.log).toEqual([]);
  });
});

describe('checkout after Buy: no order before the member agrees', () => {
  const created = (over: Partial<ReturnType<typeof makeOrder>> = {}) =>
    makeOrder({ order_id: '77', quote_expires_at: minutes(30), ...over });

  it('shows the quote and Cancel leaves nothing on the server: no request at all', async () => {
    const { onClose, f, calls } = renderCheckout({ order: null, quote: QUOTE, routes: {} });
    expect(screen.getByTestId('quote-price').textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('quote-fee').textContent).toBe('5.00 AGC');
    expect(screen.getByTestId('quote-time').textContent).not.toBe('-');
    expect(screen.queryByTestId('quote-countdown')).toBeNull();
    fireEvent.click(screen.getByTestId('checkout-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(apiCalls(calls)).toEqual([]);
    expect(f.log).toEqual([]);
  });

  it('Confirm and pay creates the order, then runs the three steps for it', async () => {
    const { onPaid, f, calls } = renderCheckout({
      order: null,
      quote: QUOTE,
      routes: { 'POST /api/v1/order': () => ok(created()) },
    });
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(apiCalls(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/v1/order', { product_id: 1 }],
    ]);
    expect(f.log.filter((l) => l.startsWith('fetch:'))).toEqual([
      'fetch:authAmc:77',
      'fetch:authUsd:77',
      'fetch:paying:77',
    ]);
  });

  it('when the order asks more than the quote showed, shows the new figures and sends nothing until confirmed again', async () => {
    const { onPaid, f } = renderCheckout({
      order: null,
      quote: QUOTE,
      routes: { 'POST /api/v1/order': () => ok(created({ service_fee_agc: '6', agc_price_usdt: '0.4' })) },
    });
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    expect((await screen.findByTestId('quote-repriced')).textContent).toContain('100.00 USDT + 6.00 AGC');
    expect(screen.getByTestId('quote-fee').textContent).toBe('6.00 AGC');
    expect(screen.getByTestId('order-confirm').textContent).toBe('Confirm new price and pay');
    expect(f.log).toEqual([]);
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('quote-repriced')).toBeNull();
  });

  it('Cancel after a price move cancels the order the sheet made', async () => {
    const { onClose, f, calls } = renderCheckout({
      order: null,
      quote: QUOTE,
      routes: {
        'POST /api/v1/order': () => ok(created({ pay_amount_usdt: '100', service_fee_agc: '6' })),
        'POST /api/v1/order/cancel': () => ok(created({ status: 'Canceled' })),
      },
    });
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    await screen.findByTestId('quote-repriced');
    fireEvent.click(screen.getByTestId('checkout-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/api/v1/order/cancel')?.body).toEqual({ order_id: '77' });
    expect(f.log).toEqual([]);
  });

  it('Cancel after a refusal in the wallet cancels the order the sheet made (no pay transaction went out)', async () => {
    const f = fake({
      send: async () => {
        throw { code: 4001, message: 'User rejected the request.' };
      },
    });
    const { onClose, calls } = renderCheckout({
      order: null,
      quote: QUOTE,
      f,
      routes: {
        'POST /api/v1/order': () => ok(created()),
        'POST /api/v1/order/cancel': () => ok(created({ status: 'Canceled' })),
      },
    });
    await confirmReady();
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(screen.getByTestId('order-confirm').textContent).toBe('Try again'));
    fireEvent.click(screen.getByTestId('checkout-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.path === '/api/v1/order/cancel')?.body).toEqual({ order_id: '77' });
  });

  it('Cancel of an existing Unpaid order ("Continue payment") does not cancel it', async () => {
    const { onClose, calls } = renderCheckout({ routes: {} });
    fireEvent.click(screen.getByTestId('checkout-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(apiCalls(calls)).toEqual([]);
  });
});

describe('checkout: the wallet and what the payment takes', () => {
  it('shows the wallet’s USDT, AGC and ETH and the total the three transactions take', async () => {
    renderCheckout({ order: null, quote: QUOTE });
    expect(screen.getByTestId('funds-total').textContent).toBe('100.00 USDT + 5.00 AGC');
    expect(screen.getByTestId('wallet-funds').textContent).toContain('gas, paid in ETH');
    expect((await screen.findByTestId('funds-usdt')).textContent).toBe('500.00 USDT');
    expect(screen.getByTestId('funds-agc').textContent).toBe('50.00 AGC');
    expect(screen.getByTestId('funds-eth').textContent).toBe('0.10 ETH');
    expect(screen.queryByTestId('funds-short')).toBeNull();
    await confirmReady();
  });

  it('warns and disables Confirm when USDT or AGC is short, or there is no ETH for gas; Cancel still works', async () => {
    const { onClose, calls } = renderCheckout({
      order: null,
      quote: QUOTE,
      balances: { eth: 0n, usdt: 20n * 10n ** 6n, agc: 4n * 10n ** 18n },
    });
    const warning = (await screen.findByTestId('funds-short')).textContent;
    expect(warning).toContain(
      'Not enough USDT: your wallet holds 20.00 USDT, this payment needs 100.00 USDT.',
    );
    expect(warning).toContain('Not enough AGC: your wallet holds 4.00 AGC, this payment needs 5.00 AGC.');
    expect(warning).toContain('No ETH for gas');
    expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('checkout-close'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(apiCalls(calls)).toEqual([]);
  });

  it('reads the balances again when it opens: a copy cached before a top-up neither warns nor blocks', async () => {
    renderCheckout({ order: null, quote: QUOTE, cached: { eth: 0n, usdt: 0n, agc: 0n } });
    // the cached figures are shown while the fresh read runs, without a verdict, and Confirm waits
    expect(screen.getByTestId('funds-usdt').textContent).toBe('0.00 USDT');
    expect(screen.queryByTestId('funds-short')).toBeNull();
    expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('funds-usdt').textContent).toBe('500.00 USDT'));
    await confirmReady();
    expect(screen.queryByTestId('funds-short')).toBeNull();
  });

  it('shows a skeleton and waits with Confirm while the balances load', () => {
    renderCheckout({ order: null, quote: QUOTE, balances: null });
    expect(screen.getByTestId('funds-loading').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('checkout-close').hasAttribute('disabled')).toBe(false);
  });
});
