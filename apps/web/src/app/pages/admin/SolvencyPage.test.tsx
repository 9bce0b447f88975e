import type { Solvency, SolvencyAsset } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import SolvencyPage from './SolvencyPage.tsx';

const PATH = '/pages/admin/solvency';

afterEach(cleanupPage);

type Bucket = SolvencyAsset['buckets'][number];
type PartKey = Bucket['parts'][number]['key'];
/** A bucket: its total, the running total and the coverage so far ([total, cumulative, coverage_bp]), its parts. */
const bucket = (
  key: Bucket['key'],
  [total, cumulative, coverage_bp]: [string, string, string],
  covered: boolean,
  parts: Partial<Record<PartKey, string>>,
): Bucket => ({
  key,
  total,
  cumulative,
  coverage_bp,
  covered,
  parts: (Object.entries(parts) as [PartKey, string][]).map(([part, amount]) => ({ key: part, amount })),
});

const usdt = (over: Partial<SolvencyAsset> = {}): SolvencyAsset => ({
  asset: 'USDT',
  decimals: 6,
  assets: '4000',
  holders: [{ key: 'vault', address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', amount: '4000' }],
  liabilities: '7000',
  coverage_bp: '5714',
  buckets: [
    bucket('now', ['2955', '2955', '13536'], true, { available: '2670', vouchers: '95', auditing: '190' }),
    bucket('min5', ['1500', '4455', '8978'], false, { earn_holdings: '1000', earn_out: '500' }),
    bucket('h72', ['1500', '5955', '6717'], false, { earn_out: '1500' }),
    bucket('later', ['1045', '7000', '5714'], false, { fund_locked: '1045' }),
  ],
  due_72h: '5955',
  covered_72h: false,
  shortfall_72h: '1955',
  ...over,
});
const agc: SolvencyAsset = {
  asset: 'AGC',
  decimals: 18,
  assets: '100000',
  holders: [{ key: 'vault', address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', amount: '100000' }],
  liabilities: '0',
  coverage_bp: null,
  buckets: (['now', 'min5', 'h72', 'later'] as const).map((key) => ({
    key,
    total: '0',
    cumulative: '0',
    coverage_bp: null,
    covered: true,
    parts: [],
  })),
  due_72h: '0',
  covered_72h: true,
  shortfall_72h: '0',
};
const answer = (over: Partial<Solvency> = {}): Solvency => ({
  block: { number: '1234', hash: '0xabc', time: '2026-11-25T03:00:00.000Z' },
  as_of: '2026-11-25T03:00:01.000Z',
  assets: [usdt(), agc],
  warning: true,
  ...over,
});

function server(handler: ApiHandler = () => ok(answer())) {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ roles: ['auditor'] })),
    'GET /api/v1/admin/solvency': handler,
  });
}

describe('solvency page', () => {
  it('shows the block, each token’s balance, liabilities by period with their parts, and the 72-hour warning', async () => {
    server();
    renderPage(<SolvencyPage />, PATH);
    expect((await screen.findByTestId('solvency-block')).textContent).toBe('Chain block 1234');
    expect(screen.getByTestId('solvency-block-time').textContent).toContain('block 1234');
    const u = within(screen.getByTestId('solvency-usdt'));
    expect(u.getByTestId('solvency-usdt-assets').textContent).toBe('4,000.00 USDT');
    expect(u.getByTestId('solvency-usdt-liabilities').textContent).toBe('7,000.00 USDT');
    expect(u.getByTestId('solvency-usdt-coverage').textContent).toBe('57.14%');
    expect(u.getByTestId('solvency-usdt-status').textContent).toBe('Not covered');
    expect(u.getByTestId('solvency-usdt-warning').textContent).toBe(
      'Not covered: the treasury holds less USDT than members can withdraw within 72 hours (1,955.00 USDT short).',
    );
    expect(u.getByTestId('solvency-usdt-now-vouchers').textContent).toBe('95.00 USDT');
    expect(u.getByTestId('solvency-usdt-min5-earn_holdings').textContent).toBe('1,000.00 USDT');
    expect(u.getByTestId('solvency-usdt-min5-cumulative').textContent).toBe(
      'Up to here 4,455.00 USDT, coverage 89.78%',
    );
    expect(u.getByTestId('solvency-usdt-now').textContent).toContain('Approved withdrawals');
    const a = within(screen.getByTestId('solvency-agc'));
    expect(a.getByTestId('solvency-agc-status').textContent).toBe('Covered');
    expect(a.queryByTestId('solvency-agc-warning')).toBeNull();
    expect(a.getByTestId('solvency-agc-coverage').textContent).toBe('Nothing owed');
    expect(a.getByTestId('solvency-agc-now').textContent).toContain('Nothing in this period');
    // Nothing owed up to there: no cumulative coverage line.
    expect(a.queryByTestId('solvency-agc-now-cumulative')).toBeNull();
    expect(screen.queryByTestId('solvency-ok')).toBeNull();
  });

  it('says the next 72 hours are covered when they are, and Refresh reads again', async () => {
    let calls = 0;
    server(() => {
      calls += 1;
      return ok(
        answer({
          block: { number: String(1233 + calls), hash: '0xabc', time: '2026-11-25T03:00:00.000Z' },
          assets: [usdt({ covered_72h: true, shortfall_72h: '0', assets: '9000' }), agc],
          warning: false,
        }),
      );
    });
    renderPage(<SolvencyPage />, PATH);
    expect((await screen.findByTestId('solvency-ok')).textContent).toBe(
      'The treasury covers everything payable within 72 hours.',
    );
    expect(screen.queryByTestId('solvency-usdt-warning')).toBeNull();
    fireEvent.click(screen.getByTestId('solvency-refresh'));
    await waitFor(() => expect(screen.getByTestId('solvency-block').textContent).toBe('Chain block 1235'));
    expect(calls).toBe(2);
  });

  it('links to the proof-of-liabilities snapshots', async () => {
    server();
    const { router } = renderPage(<SolvencyPage />, PATH);
    const link = await screen.findByTestId('solvency-proofs-link');
    expect(link.textContent).toBe('Proof-of-liabilities snapshots');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/admin/proofs'));
  });

  it('shows the server’s message when the chain cannot be read, with Retry', async () => {
    server(() =>
      fail(503, 'The treasury balances cannot be read from the chain right now. Please try again shortly'),
    );
    renderPage(<SolvencyPage />, PATH);
    const error = await screen.findByTestId('solvency-error');
    expect(error.textContent).toContain('The treasury balances cannot be read from the chain right now');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
