import type { PayStep, TxResponse } from '@agc/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { PayPopup } from '@web/features/shop/components/PayPopup.tsx';
import { addressNamer } from '@web/lib/wallet/address-names.ts';
import { feeFromEstimate } from '@web/lib/wallet/local-fees.ts';
import { APP_CALLS_ABI, reviewLocalTx, type TxReview } from '@web/lib/wallet/local-review.ts';
import {
  currentLocalReview,
  rejectAllLocalReviews,
  requestLocalReview,
} from '@web/lib/wallet/local-review-store.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { MEMBER, makeOrder } from '@web/test/fixtures.ts';
import {
  AGC_FEE,
  CONTRACTS,
  fake,
  hash,
  PLENTY,
  rpcBalances,
  stepTx,
  USDT_PRICE,
} from '@web/test/payment-fakes.ts';
import { CONFIG, stubApi, testQueryClient } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { type Address, encodeFunctionData, type Hex } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalReviewHost } from './LocalReviewHost.tsx';

// The shop's checkout paid with the local wallet: every transaction it signs waits for the member's review in the
// sheet the layout hosts (the same review the wallet's provider asks for, with a fixed fee estimate here).
const FEE = feeFromEstimate({
  estimatedGas: 50_000n,
  l1Gas: null,
  fees: { maxFeePerGas: 200_000_000n, maxPriorityFeePerGas: 0n },
});
const REJECTED =
  'You rejected the transaction in the review. It was not signed or sent, and nothing after it was sent.';

/** The pay step as the server builds it: pay(order, 100 USDT, 5 AGC, deadline, quote signature). */
const payData = encodeFunctionData({
  abi: APP_CALLS_ABI,
  functionName: 'pay',
  args: [42n, USDT_PRICE, AGC_FEE, 1_900_000_000n, '0x1234'],
});
const realTx = (step: PayStep): TxResponse => {
  const res = stepTx(step);
  return step === 'paying' ? { ...res, tx: { ...res.tx, data: payData } } : res;
};

function renderCheckout() {
  const signed: string[] = [];
  const reviews: TxReview[] = [];
  // The local wallet: reviewed first; only an approved transaction is signed (and gets a hash).
  const f = fake({
    tx: realTx,
    send: async (tx) => {
      const review = await reviewLocalTx(
        { from: tx.from as Address, to: tx.to as Address, data: tx.data as Hex, value: BigInt(tx.value) },
        {
          name: addressNamer(CONFIG.contracts, MEMBER),
          estimate: async () => FEE,
          prompt: requestLocalReview,
        },
      );
      reviews.push(review);
      signed.push(tx.to);
      return hash(signed.length);
    },
  });
  f.clock.now = Date.now();
  const onPaid = vi.fn();
  useWalletStore.setState({ address: MEMBER });
  stubApi(rpcBalances(PLENTY));
  render(
    <QueryClientProvider client={testQueryClient()}>
      <PayPopup
        order={makeOrder({ quote_expires_at: new Date(Date.now() + 30 * 60_000).toISOString() })}
        config={CONFIG}
        deps={f.deps}
        onPaid={onPaid}
        onClose={() => undefined}
      />
      <LocalReviewHost />
    </QueryClientProvider>,
  );
  return { f, onPaid, signed, reviews };
}

const stepState = (step: string) => screen.getByTestId(`pay-step-${step}`).getAttribute('data-state');

/** Confirm and pay, once the balances are read. */
async function confirm() {
  await waitFor(() => expect(screen.getByTestId('order-confirm').hasAttribute('disabled')).toBe(false));
  fireEvent.click(screen.getByTestId('order-confirm'));
}

/** Waits for the review of `functionName` and answers it. */
async function answer(functionName: string, approve: boolean) {
  await waitFor(() => expect(screen.getByTestId('tx-review').dataset.function).toBe(functionName));
  const answered = currentLocalReview()?.id;
  fireEvent.click(screen.getByTestId(approve ? 'tx-review-approve' : 'tx-review-reject'));
  await waitFor(() => expect(currentLocalReview()?.id).not.toBe(answered));
}

afterEach(async () => {
  rejectAllLocalReviews();
  await cleanupPage();
});

describe('paying with the local wallet: a review before every transaction', () => {
  it('approve, approve, pay: each reviewed with its amounts and names, then the payment is reported', async () => {
    const { onPaid, signed, reviews } = renderCheckout();
    await confirm();
    // The first: AGC's approval of the payment contract, the fee in AGC, exact.
    await screen.findByTestId('tx-review');
    expectTexts('tx-review', { function: 'approve', amount: '5.00 AGC', fee: '0.000012 ETH' });
    expect(screen.getByTestId('tx-review-contract').textContent).toContain('AGC token contract');
    expect(screen.getByTestId('tx-review-spender').textContent).toContain('Payment contract');
    expect(signed).toEqual([]); // nothing signed while the member reads
    await answer('approve', true);
    // The second: USDT's approval.
    await waitFor(() => expect(screen.getByTestId('tx-review-amount').textContent).toBe('100.00 USDT'));
    expect(screen.getByTestId('tx-review-contract').textContent).toContain('USDT token contract');
    await answer('approve', true);
    // The third: pay() on the payment contract, both amounts.
    await waitFor(() => expect(screen.getByTestId('tx-review').dataset.function).toBe('pay'));
    expect(screen.getByTestId('tx-review-contract').textContent).toContain('Payment contract');
    expectTexts('tx-review', { payUsdt: '100.00 USDT', payAgc: '5.00 AGC' });
    await answer('pay', true);
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(signed).toEqual([CONTRACTS.token, CONTRACTS.usdt, CONTRACTS.transfer]);
    expect(reviews.map((r) => r.functionName)).toEqual(['approve', 'approve', 'pay']);
    expect(['authAmc', 'authUsd', 'paying'].map(stepState)).toEqual(['finish', 'finish', 'finish']);
    expect(screen.queryByTestId('pay-error')).toBeNull();
  });

  it('Reject on the first: nothing is signed, the payment stops and says why, Try again is offered', async () => {
    const { f, onPaid, signed } = renderCheckout();
    await confirm();
    await answer('approve', false);
    expect((await screen.findByTestId('pay-error')).textContent).toBe(REJECTED);
    expect(signed).toEqual([]);
    expect(stepState('authAmc')).toBe('error');
    expect(stepState('authUsd')).toBe('wait');
    expect(f.log.some((l) => l.startsWith('fetch:authUsd'))).toBe(false);
    expect(screen.getByTestId('order-confirm').textContent).toBe('Try again');
    expect(onPaid).not.toHaveBeenCalled();
    expect(currentLocalReview()).toBeNull();
  });

  it('approve the first, reject the second: the first stays done, nothing after the second is sent', async () => {
    const { f, onPaid, signed } = renderCheckout();
    await confirm();
    await answer('approve', true);
    await waitFor(() => expect(screen.getByTestId('tx-review-amount').textContent).toBe('100.00 USDT'));
    await answer('approve', false);
    expect((await screen.findByTestId('pay-error')).textContent).toBe(REJECTED);
    expect(signed).toEqual([CONTRACTS.token]);
    expect(['authAmc', 'authUsd', 'paying'].map(stepState)).toEqual(['finish', 'error', 'wait']);
    expect(f.log.some((l) => l.startsWith('fetch:paying'))).toBe(false);
    expect(f.log.some((l) => l.startsWith('report:'))).toBe(false);
    expect(onPaid).not.toHaveBeenCalled();
    expect(screen.queryByTestId('tx-review')).toBeNull();
  });
});

describe('the queue of reviews', () => {
  it('shows one at a time, in the order asked; each answer goes to its own request', async () => {
    const tx = (n: bigint): TxReview => ({
      from: MEMBER as Address,
      to: CONTRACTS.usdt as Address,
      toName: 'usdt',
      functionName: 'approve',
      selector: null,
      fields: [{ kind: 'amount', label: 'amount', asset: 'USDT', amount: n, unlimited: false }],
      warnings: [],
      fee: FEE,
    });
    render(<LocalReviewHost />);
    const first = requestLocalReview(tx(1_000_000n));
    const second = requestLocalReview(tx(2_000_000n));
    await waitFor(() => expect(screen.getByTestId('tx-review-amount').textContent).toBe('1.00 USDT'));
    fireEvent.click(screen.getByTestId('tx-review-reject'));
    await expect(first).resolves.toBe(false);
    await waitFor(() => expect(screen.getByTestId('tx-review-amount').textContent).toBe('2.00 USDT'));
    fireEvent.click(screen.getByTestId('tx-review-approve'));
    await expect(second).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByTestId('tx-review')).toBeNull());
  });
});
