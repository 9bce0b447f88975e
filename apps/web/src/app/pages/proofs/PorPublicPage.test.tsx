import type { PorLatest, PorSnapshot } from '@agc/shared';
import { screen } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import PorPublicPage from './PorPublicPage.tsx';

const PATH = '/pages/proof/index';
afterEach(cleanupPage);

const snap = (id: number, day: string, usdtBp: string, agcBp: string | null): PorSnapshot => ({
  snapshot_id: id,
  day,
  as_of: `${day}T00:06:00.000Z`,
  root_hash: `0x${'12'.repeat(32)}`,
  assets: [
    { asset: 'USDT', decimals: 6, liabilities: '80000', reserves: '100000', coverage_bp: usdtBp },
    { asset: 'AGC', decimals: 18, liabilities: agcBp ? '500' : '0', reserves: '400', coverage_bp: agcBp },
  ],
  reserves_block: '4567',
  reserves_block_hash: '0x',
  reserves_at: `${day}T00:06:00.000Z`,
  tx_hash: `0x${'ab'.repeat(32)}`,
  published_block: '4570',
  published_at: `${day}T00:07:00.000Z`,
});
const latest = (s: PorSnapshot | null): PorLatest => ({
  chain_id: 42161,
  attestation_address: `0x${'e5'.repeat(20)}`,
  explorer_url: 'https://arbiscan.io/',
  snapshot: s,
});
const history = [
  snap(3, '2030-01-03', '12500', '8000'),
  snap(2, '2030-01-02', '11000', '9500'),
  snap(1, '2030-01-01', '9000', null),
];

function server(l: PorLatest = latest(history[0] ?? null)) {
  return stubApi({
    'GET /api/v1/por/latest': () => ok(l),
    'GET /api/v1/por/snapshots': () => ok({ list: history, total: 3, page: 1, size: 60, has_more: false }),
  });
}

describe('proof of liabilities, public', () => {
  it('signed out: liabilities, reserves and coverage per token, the block, the transaction, the chart', async () => {
    server();
    renderPage(<PorPublicPage />, PATH);
    await screen.findByTestId('por-usdt-coverage');
    expectTexts('por-usdt', {
      coverage: '125.00%',
      liabilities: '80,000.00 USDT',
      reserves: '100,000.00 USDT',
    });
    expect(screen.getByTestId('por-agc-coverage').textContent).toBe('80.00%');
    expect(screen.getByTestId('por-agc-coverage').className).toBe('por-bad');
    expect(screen.getByTestId('por-reserves-block').textContent).toBe('4567');
    expect(screen.getByTestId('por-tx').getAttribute('href')).toBe(
      `https://arbiscan.io/tx/0x${'ab'.repeat(32)}`,
    );
    expect(await screen.findByTestId('por-chart-usdt')).toBeTruthy();
    expect(screen.getByTestId('por-chart-agc')).toBeTruthy();
    expect(screen.queryByTestId('por-verify-mine')).toBeNull();
  });

  it('signed in: offers to verify the member’s own balance', async () => {
    useAuthStore.setState({ token: 'tok' });
    server();
    renderPage(<PorPublicPage />, PATH);
    expect((await screen.findByTestId('por-verify-mine')).textContent).toBe('Verify my balance');
  });

  it('before the first snapshot: says so', async () => {
    server(latest(null));
    renderPage(<PorPublicPage />, PATH);
    expect((await screen.findByTestId('empty-state')).textContent).toContain(
      'No snapshot has been published yet.',
    );
  });
});
