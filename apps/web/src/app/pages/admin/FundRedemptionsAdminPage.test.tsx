import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pageOf } from '@web/features/fund-account/testing/fixtures.ts';
import { makeAdminRedemption } from '@web/features/fund-admin/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import FundRedemptionsAdminPage from './FundRedemptionsAdminPage.tsx';

const PATH = '/pages/admin/fundRedemptions';

afterEach(cleanupPage);

describe('admin fund redemptions', () => {
  it('shows the Pending queue; Approve posts after a confirmation; the Approved tab has no actions', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/funds/redemptions': (url) =>
        ok(
          pageOf([
            makeAdminRedemption({
              status: (url.searchParams.get('status') as 'Pending' | 'Approved') ?? 'Pending',
            }),
          ]),
        ),
      'POST /api/v1/admin/funds/redemptions/approve': () => ok(makeAdminRedemption({ status: 'Approved' })),
    });
    renderPage(<FundRedemptionsAdminPage />, PATH);
    const card = await screen.findByTestId('fund-admin-redemption-21');
    expect(card.querySelector('[data-testid="fund-admin-redemption-units"]')?.textContent).toBe('100.00');
    expect(card.textContent).toContain('No. 1 in the queue');
    expect(card.querySelector('[data-testid="fund-admin-redemption-address"]')).toBeTruthy();
    fireEvent.click(screen.getByTestId('fund-admin-redemption-approve'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ redemption_id: '21', note: '' }),
    );
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/api/v1/admin/funds/redemptions/approve');

    fireEvent.click(screen.getByTestId('fund-admin-redemption-tab-Approved'));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('Approved'));
    await waitFor(() => expect(screen.queryByTestId('fund-admin-redemption-approve')).toBeNull());
  });

  it('Reject needs the reason, asks (red), then posts it', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/funds/redemptions': () => ok(pageOf([makeAdminRedemption()])),
      'POST /api/v1/admin/funds/redemptions/reject': () => ok(makeAdminRedemption({ status: 'Rejected' })),
    });
    renderPage(<FundRedemptionsAdminPage />, PATH);
    await screen.findByTestId('fund-admin-redemption-21');
    fireEvent.click(screen.getByTestId('fund-admin-redemption-reject'));
    expect(screen.getByTestId('fund-admin-redemption-note-required').textContent).toBe(
      'Please enter the reason for the rejection',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    const note = screen
      .getByTestId('fund-admin-redemption-note')
      .querySelector('textarea') as HTMLTextAreaElement;
    fireEvent.change(note, { target: { value: 'Documents missing' } });
    fireEvent.click(screen.getByTestId('fund-admin-redemption-reject'));
    await screen.findByText(
      'Reject the redemption of 100.00 units of Steady Income? The units are held again.',
    );
    expect(document.querySelector('.app-dialog--destructive')).toBeTruthy();
    fireEvent.click(screen.getByText('OK'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        redemption_id: '21',
        note: 'Documents missing',
      }),
    );
  });
});
