import type { Assets } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@web/lib/paths.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { type ApiHandler, type ApiReply, CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AssetsPage from './AssetsPage.tsx';

// uPlot draws on a canvas, which the DOM of the tests lacks: a stand-in that shows what it was given.
vi.mock('@web/components/LineChart.tsx', () => import('@web/test/line-chart-stub.tsx'));

const PATH = '/pages/assets/index';
const MEMBER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const text = (testId: string) => screen.getByTestId(testId).textContent;

type Place = Assets['places'][number];
type Part = Place['parts'][number];
/** A place of the member's money: [usdt, agc, value_usdt], then its parts as [key, asset, amount]. */
const place = (
  key: Place['key'],
  [usdt, agc, value_usdt]: [string, string, string],
  parts: [Part['key'], Part['asset'], string][],
): Place => ({
  key,
  usdt,
  agc,
  value_usdt,
  parts: parts.map(([part, asset, amount]) => ({ key: part, asset, amount })),
});

const answer = (o: Partial<Assets> = {}): Assets => ({
  as_of: '2030-01-31T12:00:00.000Z',
  agc_price: { usdt_per_agc: '0.5', source: 'uniswap-v3', block: '998' },
  prices_paused: false,
  total_usdt: '4962',
  total_agc: '399.5',
  total_value_usdt: '5161.75',
  places: [
    place(
      'available',
      ['1670', '90', '1715'],
      [
        ['available', 'USDT', '1670'],
        ['available', 'AGC', '90'],
      ],
    ),
    place(
      'withdrawing',
      ['285', '9.5', '289.75'],
      [
        ['auditing', 'USDT', '190'],
        ['vouchers', 'USDT', '95'],
        ['vouchers', 'AGC', '9.5'],
      ],
    ),
    place('earn', ['3000', '0', '3000'], [['earn_holdings', 'USDT', '3000']]),
    place('funds', ['7', '0', '7'], [['fund_profit', 'USDT', '7']]),
    place('launchpad', ['0', '300', '150'], [['launchpad_release', 'AGC', '300']]),
  ],
  history: [
    { day: '2030-01-28', usdt: '100', agc: '0', value_usdt: '100' },
    { day: '2030-01-30', usdt: '200', agc: '2', value_usdt: '201' },
  ],
  ...o,
});

const word = (v: bigint) => v.toString(16).padStart(64, '0');
/** The chain's RPC: the wallet's ETH, and balanceOf of USDT and AGC. */
const rpc: ApiHandler = (_url, body): ApiReply => {
  const call = body as { id: number; method: string; params: Array<{ to?: string }> };
  const result =
    call.method === 'eth_getBalance'
      ? `0x${(10n ** 16n).toString(16)}`
      : call.params[0]?.to?.toLowerCase() === CONFIG.contracts.usdt
        ? `0x${word(12_345_000_000n)}`
        : `0x${word(7n * 10n ** 18n)}`;
  return { body: { jsonrpc: '2.0', id: call.id, result } };
};

function server(assets: ApiHandler = () => ok(answer())) {
  return stubApi({
    'GET /api/v1/me/assets': assets,
    'GET /api/v1/config': () => ok(CONFIG),
    'POST /': rpc,
  });
}

beforeEach(() => {
  useAuthStore.getState().setToken('jwt');
  useWalletStore.getState().setAccount(MEMBER);
});
afterEach(cleanupPage);

describe('assets page', () => {
  it('shows the total in USDT and tokens, the price and where it comes from, every place with its parts', async () => {
    server();
    renderPage(<AssetsPage />, PATH);
    expect(screen.getByTestId('assets-loading')).toBeTruthy();
    expect((await screen.findByTestId('assets-total-value')).textContent).toBe('5,161.75 USDT');
    expect(text('assets-total-tokens')).toBe('4,962.00 USDT + 399.50 AGC');
    expect(text('assets-price-source')).toBe('Market price (Uniswap v3 average), block 998');
    expect(screen.queryByTestId('assets-paused')).toBeNull();
    expect(text('assets-place-available-value')).toBe('1,715.00 USDT');
    expect(text('assets-place-withdrawing-value')).toBe('289.75 USDT');
    expect(text('assets-place-launchpad-value')).toBe('150.00 USDT');
    const withdrawing = screen.getByTestId('assets-place-withdrawing');
    expect(within(withdrawing).getByText('Withdrawals in audit')).toBeTruthy();
    // One row per part, its USDT and AGC together.
    expect(within(withdrawing).getByTestId('assets-part-vouchers').textContent).toBe(
      'Approved withdrawals95.00 USDT + 9.50 AGC',
    );
    expect(within(screen.getByTestId('assets-place-funds')).getByText('Fund earnings')).toBeTruthy();
  });

  it('labels the wallet’s own tokens as the wallet’s, outside the total', async () => {
    server();
    renderPage(<AssetsPage />, PATH);
    expect((await screen.findByTestId('assets-wallet-usdt')).textContent).toBe('12,345.00 USDT');
    expect(text('assets-wallet-agc')).toBe('7.00 AGC');
    const wallet = screen.getByTestId('assets-wallet');
    expect(wallet.textContent).toContain('not part of what the app owes you');
    // The total is the server's: the wallet's 12,345 USDT is not in it.
    expect(text('assets-total-value')).toBe('5,161.75 USDT');
  });

  it('leads each place to its product', async () => {
    server();
    const { router } = renderPage(<AssetsPage />, PATH);
    const expected = {
      available: paths.withdrawal,
      withdrawing: paths.withdrawalList,
      earn: paths.earn,
      funds: paths.fundHoldings,
      launchpad: paths.launchpadMine,
    };
    await screen.findByTestId('assets-places');
    for (const [key, path] of Object.entries(expected)) {
      fireEvent.click(screen.getByTestId(`assets-place-${key}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await router.navigate(PATH);
      await screen.findByTestId('assets-places');
    }
  });

  it('while prices are paused: no total in USDT, says so, shows the tokens instead', async () => {
    const paused = answer({ agc_price: null, prices_paused: true, total_value_usdt: null });
    paused.places = paused.places.map((p) => (p.agc === '0' ? p : { ...p, value_usdt: null }));
    server(() => ok(paused));
    renderPage(<AssetsPage />, PATH);
    expect((await screen.findByTestId('assets-paused')).textContent).toBe(
      'Prices are paused — try again shortly',
    );
    expect(screen.queryByTestId('assets-total-value')).toBeNull();
    expect(screen.queryByTestId('assets-price')).toBeNull();
    expect(text('assets-total-tokens')).toBe('4,962.00 USDT + 399.50 AGC');
    expect(text('assets-place-available-value')).toBe('1,670.00 USDT + 90.00 AGC');
    expect(text('assets-place-earn-value')).toBe('3,000.00 USDT');
  });

  it('charts the daily snapshots then now; before the first snapshot, says when it starts', async () => {
    server();
    renderPage(<AssetsPage />, PATH);
    expect((await screen.findByTestId('assets-chart-lines')).textContent).toBe(
      'Value (USDT):100,201,5161.75',
    );
    await cleanupPage();
    useAuthStore.getState().setToken('jwt');
    server(() => ok(answer({ history: [] })));
    renderPage(<AssetsPage />, PATH);
    expect((await screen.findByTestId('assets-chart-none')).textContent).toContain('first daily snapshot');
    expect(screen.queryByTestId('assets-chart-lines')).toBeNull();
  });

  it('a failed read is Load Failed with a retry, no figures', async () => {
    server(() => fail(500, 'Internal error'));
    renderPage(<AssetsPage />, PATH);
    expect(await screen.findByTestId('assets-error')).toBeTruthy();
    expect(screen.queryByTestId('assets-total')).toBeNull();
  });
});
