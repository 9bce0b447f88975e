import { ANALYTICS_FIGURES, type AnalyticsFigures, type AnalyticsReport } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnalyticsPage from './AnalyticsPage.tsx';

// uPlot draws on a canvas, which the DOM of the tests lacks: the chart is a stand-in that shows what it was given.
vi.mock('@web/components/LineChart.tsx', () => ({
  default: ({ labels, data, testId }: { labels: string[]; data: number[][]; testId: string }) => (
    <div data-testid={testId}>{`${labels.join('|')}:${data.map((s) => s.join(',')).join(';')}`}</div>
  ),
}));

const PATH = '/pages/admin/analytics';
afterEach(cleanupPage);

const today = new Date().toISOString().slice(0, 10);
const dayBefore = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const figures = (over: Partial<AnalyticsFigures> = {}): AnalyticsFigures => ({
  ...(Object.fromEntries(ANALYTICS_FIGURES.map((f) => [f.key, '0'])) as AnalyticsFigures),
  ...over,
});

function report(from: string, to: string): AnalyticsReport {
  return {
    from,
    to,
    today,
    days: [
      {
        day: dayBefore(1),
        live: false,
        figures: figures({ members_all: '1200', members_new: '12', shop_usdt: '1500.5' }),
      },
      {
        day: today,
        live: true,
        figures: figures({ members_all: '1203', members_new: '3', shop_usdt: '100' }),
      },
    ],
    totals: figures({
      members_all: '1203',
      members_new: '15',
      shop_usdt: '1600.5',
      withdraw_paid_agc: '0.000000000000000001',
    }),
    generated_at: new Date().toISOString(),
  };
}

/** Members' vitals: home and login yesterday, home today (p75 per route and day, as the server answers). */
function vitals(from: string, to: string) {
  const day = (
    d: string,
    route: string,
    lcp: number | null,
    inp: number | null,
    cls: number | null,
    n: number,
  ) => ({
    day: d,
    route,
    lcp_ms: lcp,
    inp_ms: inp,
    cls_e4: cls,
    lcp_samples: lcp === null ? 0 : n,
    inp_samples: inp === null ? 0 : n,
    cls_samples: cls === null ? 0 : n,
  });
  return {
    from,
    to,
    list: [
      day(dayBefore(1), 'home', 2100, 120, 500, 40),
      day(dayBefore(1), 'login', 1800, null, 0, 90),
      day(today, 'home', 1900, 96, 1234, 12),
    ],
  };
}

function server(
  handler: ApiHandler = (url) =>
    ok(report(defined(url.searchParams.get('from')), defined(url.searchParams.get('to')))),
  vitalsHandler: ApiHandler = (url) =>
    ok(vitals(defined(url.searchParams.get('from')), defined(url.searchParams.get('to')))),
) {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ roles: ['analyst'] })),
    'GET /api/v1/admin/analytics': handler,
    'GET /api/v1/admin/vitals': vitalsHandler,
  });
}

describe('analytics page', () => {
  it('asks for the last 30 days, then shows each group’s chart, exact totals and its day table', async () => {
    const calls = server();
    renderPage(<AnalyticsPage />, PATH);
    const members = within(await screen.findByTestId('analytics-group-members'));
    expect(calls.find((c) => c.path === '/api/v1/admin/analytics')?.query.toString()).toBe(
      `from=${dayBefore(29)}&to=${today}`,
    );
    expect(members.getByTestId('analytics-total-members_all').textContent).toBe('1,203');
    expect((await members.findByTestId('analytics-chart-members')).textContent).toContain(
      'All members|Valid members|New members:',
    );
    const deposits = within(screen.getByTestId('analytics-group-deposits'));
    expect(deposits.getByTestId('analytics-total-shop_usdt').textContent).toBe('1,600.50 USDT');
    const table = deposits.getByTestId('analytics-table-deposits');
    const rows = within(table).getAllByRole('row');
    // Header, then newest first: today (live), then yesterday.
    expect(defined(rows[1]).textContent).toContain(`${today} · live`);
    expect(defined(rows[2]).textContent).toContain('1,500.50 USDT');
    expect(screen.getByTestId('analytics-live-note')).toBeTruthy();
  });

  it('shows members’ Core Web Vitals: the p75 per route and day in a table, the busiest routes in a chart', async () => {
    const calls = server();
    renderPage(<AnalyticsPage />, PATH);
    const card = within(await screen.findByTestId('analytics-vitals'));
    await card.findByTestId('vitals-table');
    expect(calls.find((c) => c.path === '/api/v1/admin/vitals')?.query.toString()).toBe(
      `from=${dayBefore(29)}&to=${today}`,
    );
    const rows = within(card.getByTestId('vitals-table')).getAllByRole('row');
    // Newest first; LCP and INP in milliseconds, CLS on its own scale, a dash for a metric not reported.
    expect(rows.slice(1).map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      [today, 'home', '1,900 ms', '96 ms', '0.1234', '12'],
      [dayBefore(1), 'login', '1,800 ms', '—', '0.00', '90'],
      [dayBefore(1), 'home', '2,100 ms', '120 ms', '0.05', '40'],
    ]);
    // LCP by default: login had the most page views, then home.
    expect((await card.findByTestId('vitals-chart')).textContent).toContain('login|home:');
    fireEvent.click(card.getByTestId('vitals-metric-inp_ms'));
    await waitFor(() => expect(card.getByTestId('vitals-chart').textContent).toContain('home:'));
    expect(card.getByTestId('vitals-chart').textContent).not.toContain('login');
  });

  it('says so when no page view was reported in the range', async () => {
    server(undefined, (url) =>
      ok({ from: url.searchParams.get('from'), to: url.searchParams.get('to'), list: [] }),
    );
    renderPage(<AnalyticsPage />, PATH);
    expect((await screen.findByTestId('vitals-empty')).textContent).toBe(
      'No page view was reported in this range.',
    );
  });

  it('a preset asks again; a bad custom range is named under its field and never sent', async () => {
    const calls = server();
    renderPage(<AnalyticsPage />, PATH);
    await screen.findByTestId('analytics-group-members');
    fireEvent.click(screen.getByTestId('analytics-preset-7'));
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('from') === dayBefore(6) && c.query.get('to') === today)).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByTestId('analytics-preset-custom'));
    const asked = calls.length;
    // YYYY-MM-DD in every language (DateField), not the browser's date input
    expect(document.querySelector('input[type="date"]')).toBeNull();
    const from = screen.getByTestId('analytics-from');
    const to = screen.getByTestId('analytics-to');
    fireEvent.change(from, { target: { value: today } });
    fireEvent.change(to, { target: { value: dayBefore(3) } });
    fireEvent.click(screen.getByTestId('analytics-apply'));
    const error = screen.getByTestId('analytics-to-error');
    expect(error.textContent).toBe('The start day must not be after the end day');
    expect(error.className).toBe('field-error');
    expect(to.getAttribute('aria-describedby')).toBe(error.id);
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(calls.length).toBe(asked);

    // more than 366 days
    fireEvent.change(from, { target: { value: dayBefore(400) } });
    expect(screen.queryByTestId('analytics-to-error')).toBeNull();
    fireEvent.change(to, { target: { value: today } });
    fireEvent.click(screen.getByTestId('analytics-apply'));
    expect(screen.getByTestId('analytics-to-error').textContent).toBe('Please choose at most 366 days');
    expect(calls.length).toBe(asked);

    // a day after today or no day at all is not taken: the range stays what it was
    fireEvent.change(to, { target: { value: dayBefore(-1) } });
    expect(to.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(from, { target: { value: '2025-02-30' } });
    fireEvent.blur(from);
    // not a day: said under the field (never taken silently), the range stays what it was
    expect(screen.getByTestId('analytics-from-error').textContent).toBe('Not a date: write it as YYYY-MM-DD');
    expect(calls.length).toBe(asked);

    fireEvent.change(from, { target: { value: dayBefore(10) } });
    // a day after today stays said under its field until it is corrected
    expect(screen.getByTestId('analytics-to-error').textContent).toMatch(/^Choose a date from /);
    fireEvent.change(to, { target: { value: today } });
    fireEvent.click(screen.getByTestId('analytics-apply'));
    await waitFor(() =>
      expect(calls.some((c) => c.query.get('from') === dayBefore(10) && c.query.get('to') === today)).toBe(
        true,
      ),
    );
    expect(calls.some((c) => c.query.get('from') === dayBefore(400))).toBe(false);
    expect(screen.queryByTestId('analytics-to-error')).toBeNull();
  });

  it('shows a failed read once, with its reason', async () => {
    server(() => fail(400, 'The range cannot end after today'));
    renderPage(<AnalyticsPage />, PATH);
    expect((await screen.findByTestId('analytics-error')).textContent).toContain(
      'The range cannot end after today',
    );
  });
});
