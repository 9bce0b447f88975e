import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeWithdrawal } from '@web/features/withdraw/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import WithdrawalSuccessPage from './WithdrawalSuccessPage.tsx';

const text = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(cleanupPage);

describe('withdrawal success page', () => {
  it('shows the request: amount, fee, amount received and status, with links to the list and home', async () => {
    stubApi({
      'GET /api/v1/withdraw/12': () =>
        ok(
          makeWithdrawal({
            withdraw_id: '12',
            id: '12',
            amount: '1500',
            service_fee: '30',
            received: '1470',
          }),
        ),
    });
    const { router } = renderPage(
      <WithdrawalSuccessPage />,
      '/pages/withdrawal/withdrawalSunccess?withdraw_id=12',
    );
    expect(await screen.findByTestId('withdraw-success-amount')).toBeTruthy();
    expect(screen.getByText('Withdrawal request submitted')).toBeTruthy();
    expect(text('withdraw-success-amount')).toBe('1,500.00 USDT');
    expect(text('withdraw-success-fee')).toBe('30.00 USDT');
    expect(text('withdraw-success-received')).toBe('1,470.00 USDT');
    expect(text('withdraw-status')).toBe('Auditing');
    expect(screen.getByTestId('withdraw-status').getAttribute('data-status')).toBe('Auditing');
    expect(text('withdraw-success-hint')).toContain('being audited');
    fireEvent.click(screen.getByTestId('withdraw-success-orders'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/withdrawal/list'));
  });

  it('shows the server’s message when the request cannot be read', async () => {
    stubApi({ 'GET /api/v1/withdraw/12': () => fail(404, 'Withdrawal not found') });
    renderPage(<WithdrawalSuccessPage />, '/pages/withdrawal/withdrawalSunccess?withdraw_id=12');
    expect(await screen.findByText('Withdrawal not found')).toBeTruthy();
    expect(screen.getByTestId('withdraw-success-orders')).toBeTruthy();
  });
});
