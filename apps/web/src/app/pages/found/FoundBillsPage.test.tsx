import { fireEvent, screen, waitFor } from '@testing-library/react';
import { makeBill, pageOf } from '@web/features/fund-account/testing/fixtures.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FoundBillsPage from './FoundBillsPage.tsx';

const PATH = '/pages/found/bills';

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
  return cleanupPage();
});

describe('monthly bills', () => {
  it('shows every figure of each bill', async () => {
    stubApi({ 'GET /api/v1/funds/bills': () => ok(pageOf([makeBill()])) });
    renderPage(<FoundBillsPage />, PATH);
    const bill = await screen.findByTestId('fund-bill-31');
    const f = (id: string) => bill.querySelector(`[data-testid="fund-bill-${id}"]`)?.textContent;
    expect(bill.textContent).toContain('Steady Income');
    expect(f('month')).toBe('2025-02');
    expect(f('opening_units')).toBe('990.00');
    expect(f('closing_units')).toBe('890.00');
    expect(f('opening_nav')).toBe('1.0100');
    expect(f('closing_nav')).toBe('1.0400');
    expect(f('opening_value_usdt')).toBe('999.90 USDT');
    expect(f('closing_value_usdt')).toBe('925.60 USDT');
    expect(f('subscriptions_usdt')).toBe('0.00 USDT');
    expect(f('redemptions_usdt')).toBe('103.48 USDT');
    expect(f('interest_usdt')).toBe('2.50 USDT');
    expect(f('fees_usdt')).toBe('0.52 USDT');
  });

  it('a month typed as YYYY-MM filters the bills; clearing shows every month', async () => {
    const calls = stubApi({ 'GET /api/v1/funds/bills': () => ok(pageOf([makeBill()])) });
    renderPage(<FoundBillsPage />, PATH);
    const input = await screen.findByTestId('fund-bills-month');
    fireEvent.change(input, { target: { value: '2025-13' } });
    fireEvent.change(input, { target: { value: '2025-02' } });
    await waitFor(() => expect(calls.at(-1)?.query.get('month')).toBe('2025-02'));
    expect(calls.some((c) => c.query.get('month') === '2025-13')).toBe(false);
    fireEvent.click(screen.getByTestId('fund-bills-month-clear'));
    await waitFor(() => expect(calls.at(-1)?.query.get('month')).toBeNull());
  });

  it('Download CSV fetches the month’s CSV with the session and saves it as a file', async () => {
    useAuthStore.setState({ token: 'tok-1' });
    const seen: { url: string; headers: Record<string, string> }[] = [];
    stubApi({ 'GET /api/v1/funds/bills': () => ok(pageOf([makeBill()])) });
    const apiFetch = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        if (!input.includes('bills.csv')) return apiFetch(input, init);
        seen.push({ url: input, headers: init.headers as Record<string, string> });
        return new Response('month,order_id\n2025-02,11\n', { headers: { 'Content-Type': 'text/csv' } });
      }),
    );
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage(<FoundBillsPage />, PATH);
    const input = await screen.findByTestId('fund-bills-month');
    fireEvent.change(input, { target: { value: '2025-02' } });
    fireEvent.click(screen.getByTestId('fund-bills-csv'));
    await waitFor(() => expect(clicked).toEqual(['fund-bills-2025-02.csv']));
    expect(seen[0]?.url).toBe('/api/v1/funds/bills.csv?month=2025-02');
    expect(seen[0]?.headers.Authorization).toBe('Bearer tok-1');
    expect(await created[0]?.text()).toBe('month,order_id\n2025-02,11\n');
  });
});
