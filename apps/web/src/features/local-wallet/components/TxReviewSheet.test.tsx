import { fireEvent, render, screen, within } from '@testing-library/react';
import { addressNamer } from '@web/lib/wallet/address-names.ts';
import { feeFromEstimate } from '@web/lib/wallet/local-fees.ts';
import { describeLocalTx, type TxReview } from '@web/lib/wallet/local-review.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG } from '@web/test/config.ts';
import { type Address, encodeFunctionData, erc20Abi, getAddress, maxUint256 } from 'viem';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TxReviewSheet } from './TxReviewSheet.tsx';

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
const STRANGER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address;
const usdt = CONFIG.contracts.usdt as Address;
const transfer = CONFIG.contracts.transfer as Address;
// 50 000 gas + 20 % at 0.2 gwei: at most 0.000012 ETH; the L1 part unknown (not Arbitrum).
const FEE = feeFromEstimate({
  estimatedGas: 50_000n,
  l1Gas: null,
  fees: { maxFeePerGas: 200_000_000n, maxPriorityFeePerGas: 0n },
});

const review = (to: Address, spender: Address, amount: bigint): TxReview => ({
  ...describeLocalTx(
    {
      from: WALLET,
      to,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] }),
      value: 0n,
    },
    addressNamer(CONFIG.contracts, WALLET),
  ),
  fee: FEE,
});

afterEach(async () => {
  await cleanupPage();
});

describe('the local wallet’s review sheet', () => {
  it('shows the function, the contract and the spender by name, the exact amount and the fee bound', () => {
    render(<TxReviewSheet review={review(usdt, transfer, 100_500_000n)} onAnswer={() => undefined} />);
    const sheet = screen.getByTestId('tx-review');
    expect(sheet.getAttribute('role')).toBe('dialog');
    expect(within(sheet).getByText('Review transaction')).toBeTruthy();
    expect(screen.getByTestId('tx-review-function').textContent).toBe('approve');
    expect(screen.getByTestId('tx-review-contract-address').dataset.name).toBe('usdt');
    expect(screen.getByTestId('tx-review-contract').textContent).toContain('USDT token contract');
    expect(screen.getByTestId('tx-review-amount').textContent).toBe('100.50 USDT');
    expect(screen.getByTestId('tx-review-spender').textContent).toContain('Payment contract');
    const spender = screen.getByTestId('tx-review-spender-address');
    expect(spender.dataset.name).toBe('transfer');
    expect(spender.querySelector('[data-address]')?.getAttribute('data-address')).toBe(getAddress(transfer));
    expect(screen.getByTestId('tx-review-fee').textContent).toBe('0.000012 ETH');
    expect(screen.getByTestId('tx-review-fee-l1').textContent).toBe('Not available on this network');
    expect(screen.queryByTestId('tx-review-warning-unknownContract')).toBeNull();
  });

  it('Approve answers true, Reject answers false (once each, nothing else)', () => {
    const onAnswer = vi.fn();
    render(<TxReviewSheet review={review(usdt, transfer, 1n)} onAnswer={onAnswer} />);
    fireEvent.click(screen.getByTestId('tx-review-approve'));
    expect(onAnswer.mock.calls).toEqual([[true]]);
    fireEvent.click(screen.getByTestId('tx-review-reject'));
    expect(onAnswer.mock.calls).toEqual([[true], [false]]);
    expect(screen.getByTestId('tx-review-reject').textContent).toBe('Reject');
  });

  it('an unknown contract asking for an unlimited approval: both warnings, the address in full, raw units', () => {
    render(<TxReviewSheet review={review(STRANGER, STRANGER, maxUint256)} onAnswer={() => undefined} />);
    expect(screen.getByTestId('tx-review-warning-unknownContract').textContent).toBe(
      "This is not one of the app's contracts. Approve only if you expected this transaction.",
    );
    expect(screen.getByTestId('tx-review-warning-unlimited')).toBeTruthy();
    const contract = screen.getByTestId('tx-review-contract-address');
    expect(contract.dataset.name).toBeUndefined();
    expect(contract.textContent).toBe(STRANGER);
    expect(screen.getByTestId('tx-review-amount').textContent).toMatch(
      /^115,792,.* units of an unknown token$/,
    );
  });

  it('closed: nothing rendered', () => {
    render(<TxReviewSheet review={null} onAnswer={() => undefined} />);
    expect(screen.queryByTestId('tx-review')).toBeNull();
  });
});
