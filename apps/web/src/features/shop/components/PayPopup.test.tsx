import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder } from '../../../test/fixtures.ts';
import { AGC_FEE, CONTRACTS, fake, hash, USDT_PRICE } from '../../../test/payment-fakes.ts';
import { CONFIG, ok, stubApi, testQueryClient } from '../../../test/render.tsx';
import { PayPopup } from './PayPopup.tsx';

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

function renderCheckout(options: { order?: ReturnType<typeof makeOrder>; f?: ReturnType<typeof fake> } = {}) {
  const f = options.f ?? fake();
  f.clock.now = Date.now();
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const order = options.order ?? makeOrder({ quote_expires_at: minutes(30) });
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <PayPopup order={order} config={CONFIG} deps={f.deps} onPaid={onPaid} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { f, onPaid, onClose, client };
}

const stepState = (step: string) => screen.getByTestId(`pay-step-${step}`).getAttribute('data-state');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkout', () => {
  it('shows the quote: price in USDT, AGC fee, AGC price and the expiry countdown', () => {
    renderCheckout();
    expect(screen.getByTestId('quote-price').textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('quote-fee').textContent).toBe('5.00 AGC');
    expect(screen.getByTestId('quote-agc-price').textContent).toBe('1 AGC = 0.50 USDT');
    expect(screen.getByTestId('quote-countdown').textContent).toMatch(/^(30:00|29:59)$/);
    expect(screen.queryByTestId('pay-stepper')).toBeNull();
  });

  it('Confirm runs the three steps on the stepper and reports the payment', async () => {
    const { f, onPaid, client } = renderCheckout();
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
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(screen.getByTestId('pay-error').textContent).toBe('The payment failed'));
    code = 4001;
    fireEvent.click(screen.getByTestId('order-confirm'));
    await waitFor(() => expect(screen.queryByTestId('pay-error')).toBeNull());
    expect(stepState('authAmc')).toBe('error');
    expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(false);
  });

  it('an expired quote says so and offers a new order for the same product', async () => {
    const calls = stubApi({
      'POST /api/v1/order': () => ok(makeOrder({ order_id: '43', quote_expires_at: minutes(30) })),
    });
    const { f } = renderCheckout({ order: makeOrder({ quote_expires_at: minutes(-1) }) });
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
