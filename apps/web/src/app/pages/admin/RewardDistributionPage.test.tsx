import { formatTime, type SettlementRun, type SettlementTotals, shortAddress } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import { MEMBER } from '@web/test/fixtures.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import RewardDistributionPage from './RewardDistributionPage.tsx';

const PATH = '/pages/admin/rewardDistribution';

const makeTotals = (overrides: Partial<SettlementTotals> = {}): SettlementTotals => ({
  static: '60',
  pairing: '25.5',
  management_base: '300',
  paid: '80.5',
  cut: '5',
  cut_remaining_dividends: '3',
  cut_day_top: '2',
  credited_usdt: '72.45',
  credited_agc: '16.1',
  members_paid: 4,
  rewards: 6,
  orders: 3,
  new_volume: '1300',
  ...overrides,
});

const makeRun = (day: string, overrides: Partial<SettlementRun> = {}): SettlementRun => ({
  day,
  status: 'done',
  run_by: MEMBER,
  started_at: `${day}T00:05:00.000Z`,
  finished_at: `${day}T00:05:01.250Z`,
  duration_ms: 1250,
  totals: makeTotals({ paid: '70' }),
  ...overrides,
});

/** A fake server with settled days (their runs) and the next day to settle, like the real one. */
function fakeServer(options: { runs?: SettlementRun[]; nextDay?: string | null; runFails?: boolean } = {}) {
  const runs = [...(options.runs ?? [])];
  let nextDay = options.nextDay === undefined ? '2025-01-01' : options.nextDay;
  const preview: ApiHandler = (url) => {
    const day = url.searchParams.get('day') ?? nextDay ?? runs[0]?.day ?? '2025-01-01';
    const run = runs.find((r) => r.day === day) ?? null;
    return ok({ day, next_day: nextDay, run, totals: run ? null : makeTotals() });
  };
  const routes: Record<string, ApiHandler> = {
    'GET /api/v1/admin/settlements': () => ok({ list: runs, next_day: nextDay }),
    'GET /api/v1/admin/settlements/preview': preview,
    'POST /api/v1/admin/settlements/run': (_url, body) => {
      if (options.runFails) return fail(409, 'Days settle in order: settle 2024-12-31 first');
      const day = (body as { day: string }).day;
      const run = makeRun(day, { totals: makeTotals() });
      runs.unshift(run);
      nextDay = '2025-01-02';
      return ok(run);
    },
  };
  return stubApi(routes);
}

const previewDays = (calls: { method: string; path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === '/api/v1/admin/settlements/preview').map((c) => c.query.get('day'));

afterEach(cleanupPage);

describe('reward distribution page', () => {
  it('previews the next day to settle by default with every total', async () => {
    const calls = fakeServer();
    renderPage(<RewardDistributionPage />, PATH);
    await screen.findByTestId('settlement-totals');
    expect((screen.getByTestId('settlement-day') as HTMLInputElement).value).toBe('2025-01-01');
    expect(screen.getByTestId('settlement-state').dataset.state).toBe('open');
    const shown: Record<keyof SettlementTotals, string> = {
      static: '60.00 USDT',
      pairing: '25.50 USDT',
      management_base: '300.00 USDT',
      paid: '80.50 USDT',
      members_paid: '4',
      rewards: '6',
      cut: '5.00 USDT',
      cut_remaining_dividends: '3.00 USDT',
      cut_day_top: '2.00 USDT',
      credited_usdt: '72.45 USDT',
      credited_agc: '16.10 AGC',
      orders: '3',
      new_volume: '1,300.00 USDT',
    };
    for (const [field, text] of Object.entries(shown))
      expect(screen.getByTestId(`settlement-${field}`).textContent, field).toBe(text);
    expect(screen.getByTestId('settlement-run')).toBeTruthy();
    // The server's default answer is that day's preview: one request, not two.
    expect(previewDays(calls)).toEqual([null]);
  });

  it('runs the day only after the confirmation that names it: Cancel posts nothing, OK posts {day}', async () => {
    const calls = fakeServer();
    renderPage(<RewardDistributionPage />, PATH);
    fireEvent.click(await screen.findByTestId('settlement-run'));
    expect(await screen.findByText('Run the settlement of 2025-01-01?')).toBeTruthy();
    const confirm = screen.getByTestId('settlement-confirm');
    expect(confirm.textContent).toContain('80.50 USDT');
    expect(confirm.textContent).toContain('60.00 USDT');
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('settlement-confirm')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('settlement-run'));
    fireEvent.click(await screen.findByText('OK'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ day: '2025-01-01' });
    expect(await screen.findByText('Settlement of 2025-01-01 done')).toBeTruthy();
    // Refreshed: the day now shows its run, no Run button, and the history lists it.
    await waitFor(() => expect(screen.getByTestId('settlement-state').dataset.state).toBe('settled'));
    expect(screen.queryByTestId('settlement-run')).toBeNull();
    expect(screen.getByTestId('settlement-history-2025-01-01')).toBeTruthy();
    expect(screen.getByTestId('settlement-next-day').textContent).toContain('2025-01-02');
  });

  it("shows the server's message when it refuses the run", async () => {
    fakeServer({ runFails: true });
    renderPage(<RewardDistributionPage />, PATH);
    fireEvent.click(await screen.findByTestId('settlement-run'));
    fireEvent.click(await screen.findByText('OK'));
    expect(await screen.findByText('Days settle in order: settle 2024-12-31 first')).toBeTruthy();
    expect(screen.getByTestId('settlement-run')).toBeTruthy();
  });

  it('a settled day shows its recorded run: who, when, how long; it cannot be run again', async () => {
    const calls = fakeServer({ runs: [makeRun('2024-12-31')] });
    renderPage(<RewardDistributionPage />, PATH);
    const input = (await screen.findByTestId('settlement-day')) as HTMLInputElement;
    await screen.findByTestId('settlement-run');
    fireEvent.change(input, { target: { value: '2024-12-31' } });
    await waitFor(() => expect(screen.getByTestId('settlement-state').dataset.state).toBe('settled'));
    expect(previewDays(calls)).toEqual([null, '2024-12-31']);
    expect(screen.getByTestId('settlement-run-by').textContent).toBe(shortAddress(MEMBER));
    expect(screen.getByTestId('settlement-run-by').getAttribute('title')).toBe(MEMBER);
    expect(screen.getByTestId('settlement-started-at').textContent).toBe(
      formatTime('2024-12-31T00:05:00.000Z'),
    );
    expect(screen.getByTestId('settlement-finished-at').textContent).toBe(
      formatTime('2024-12-31T00:05:01.250Z'),
    );
    expect(screen.getByTestId('settlement-duration').textContent).toBe('1.25 s');
    expect(screen.getByTestId('settlement-paid').textContent).toBe('70.00 USDT');
    expect(screen.queryByTestId('settlement-run')).toBeNull();
  });

  it('the daily job shows as such; tapping a run in the history shows that day', async () => {
    fakeServer({ runs: [makeRun('2024-12-31', { run_by: null })] });
    renderPage(<RewardDistributionPage />, PATH);
    const item = await screen.findByTestId('settlement-history-2024-12-31');
    expect(item.textContent).toContain('Daily job');
    expect(item.textContent).toContain('70.00 USDT');
    expect(item.textContent).toContain('Members paid: 4');
    fireEvent.click(item);
    await waitFor(() => expect(screen.getByTestId('settlement-preview').dataset.day).toBe('2024-12-31'));
    expect(screen.getByTestId('settlement-run-by').textContent).toBe('Daily job');
  });

  it('a later day than the next one previews but cannot be run (days settle in order)', async () => {
    fakeServer();
    renderPage(<RewardDistributionPage />, PATH);
    const input = (await screen.findByTestId('settlement-day')) as HTMLInputElement;
    await screen.findByTestId('settlement-run');
    fireEvent.change(input, { target: { value: '2025-01-02' } });
    await waitFor(() => expect(screen.getByTestId('settlement-preview').dataset.day).toBe('2025-01-02'));
    expect(screen.getByTestId('settlement-not-next').textContent).toBe(
      'Days settle in order: the next day to settle is 2025-01-01.',
    );
    expect(screen.queryByTestId('settlement-run')).toBeNull();
  });

  // Today (or a later day) once showed a red "Load Failed"; the server says "not yet" (425).
  it('a day not over yet is a calm notice saying from when it can be settled: no Load Failed, no Retry', async () => {
    const notYet =
      '2025-01-05 cannot be settled yet: the day is not over. It can be settled from 2025-01-06 00:00 UTC.';
    const calls = stubApi({
      'GET /api/v1/admin/settlements': () => ok({ list: [], next_day: '2025-01-01' }),
      'GET /api/v1/admin/settlements/preview': (url) => {
        const day = url.searchParams.get('day') ?? '2025-01-01';
        return day === '2025-01-05'
          ? fail(425, notYet, { day, settleable_from: '2025-01-06T00:00:00.000Z' })
          : ok({ day, next_day: '2025-01-01', run: null, totals: makeTotals() });
      },
    });
    renderPage(<RewardDistributionPage />, PATH);
    const input = (await screen.findByTestId('settlement-day')) as HTMLInputElement;
    await screen.findByTestId('settlement-run');
    fireEvent.change(input, { target: { value: '2025-01-05' } });
    expect((await screen.findByTestId('settlement-not-yet')).textContent).toBe(notYet);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByText(notYet)).toHaveLength(1);
    expect(screen.queryByTestId('settlement-error')).toBeNull();
    expect(screen.queryByText('Load Failed')).toBeNull();
    expect(screen.queryByText('Retry')).toBeNull();
    expect(screen.queryByTestId('settlement-run')).toBeNull();
    expect(previewDays(calls)).toEqual([null, '2025-01-05']);
  });

  it('starts at next_day when the server’s default preview is another day', async () => {
    const calls = stubApi({
      'GET /api/v1/admin/settlements': () => ok({ list: [], next_day: '2025-01-01' }),
      'GET /api/v1/admin/settlements/preview': (url) => {
        const day = url.searchParams.get('day');
        return day
          ? ok({ day, next_day: '2025-01-01', run: null, totals: makeTotals() })
          : ok({ day: '2024-12-31', next_day: '2025-01-01', run: makeRun('2024-12-31'), totals: null });
      },
    });
    renderPage(<RewardDistributionPage />, PATH);
    await screen.findByTestId('settlement-run');
    expect((screen.getByTestId('settlement-day') as HTMLInputElement).value).toBe('2025-01-01');
    expect(previewDays(calls)).toEqual([null, '2025-01-01']);
  });

  it('says every past day is settled when the server has no day to propose', async () => {
    stubApi({
      'GET /api/v1/admin/settlements': () => ok({ list: [makeRun('2024-12-31')], next_day: null }),
      'GET /api/v1/admin/settlements/preview': (url) => {
        const day = url.searchParams.get('day');
        return day
          ? ok({ day, next_day: null, run: makeRun(day), totals: null })
          : ok({ day: '', next_day: null, run: null, totals: null });
      },
    });
    renderPage(<RewardDistributionPage />, PATH);
    expect((await screen.findByTestId('settlement-all-settled')).textContent).toContain(
      'Every past day is settled.',
    );
    expect(screen.queryByTestId('settlement-run')).toBeNull();
    fireEvent.click(await screen.findByTestId('settlement-history-2024-12-31'));
    await waitFor(() => expect(screen.getByTestId('settlement-state').dataset.state).toBe('settled'));
  });
});
