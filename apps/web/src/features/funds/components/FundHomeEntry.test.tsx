import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { applyLanguage } from '@web/lib/i18n/index.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { CONFIG, fail, ok, stubApi, testQueryClient } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { FundHomeEntry } from './FundHomeEntry.tsx';

afterEach(async () => {
  await applyLanguage('en');
  await cleanupPage();
});

const SUMMARY = {
  value_usdt: '1234.5',
  cost_usdt: '1200',
  estimated_revenue_usdt: '34.5',
  realized_revenue_usdt: '0',
  processing_count: 1,
  in_progress_usdt: '200',
  holding_count: 2,
};

const renderEntry = (config = CONFIG) =>
  render(
    <QueryClientProvider client={testQueryClient()}>
      <FundHomeEntry config={config} />
    </QueryClientProvider>,
  );

describe('home Fund card', () => {
  it('shows the holdings value and estimated revenue in a FUND_LOCALES language', async () => {
    stubApi({ 'GET /api/v1/funds/summary': () => ok(SUMMARY) });
    renderEntry();
    expect((await screen.findByTestId('home-fund-value')).textContent).toBe('1,234.50 USDT');
    expect(screen.getByTestId('home-fund-revenue').textContent).toBe('34.50 USDT');
    expect(screen.getByTestId('home-fund-processing').textContent).toBe('1');
  });

  it('invites to browse the funds without a holding', async () => {
    stubApi({
      'GET /api/v1/funds/summary': () =>
        ok({ ...SUMMARY, value_usdt: '0', holding_count: 0, processing_count: 0 }),
    });
    renderEntry();
    expect((await screen.findByTestId('home-fund-invite')).textContent).toContain('subscribe with USDT');
    expect(screen.getByTestId('home-fund-open').textContent).toBe('Browse funds ›');
  });

  it('says why when the summary cannot be read, with a retry', async () => {
    stubApi({ 'GET /api/v1/funds/summary': () => fail(503, 'Try again later') });
    renderEntry();
    const error = await screen.findByTestId('home-fund-error');
    expect(error.textContent).toContain('Try again later');
    expect(screen.queryByTestId('home-fund-invite')).toBeNull();
  });

  it('is not there (and asks nothing) in a language outside FUND_LOCALES, nor without the configuration', async () => {
    const calls = stubApi({ 'GET /api/v1/funds/summary': () => ok(SUMMARY) });
    await applyLanguage('fr');
    const { unmount } = renderEntry();
    expect(screen.queryByTestId('home-fund-card')).toBeNull();
    unmount();
    await applyLanguage('en');
    render(
      <QueryClientProvider client={testQueryClient()}>
        <FundHomeEntry config={undefined} />
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('home-fund-card')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toEqual([]);
  });
});
