import type { RewardKind, RewardSeries } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { MEMBER, makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, type ApiReply, CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import HomePage from './HomePage.tsx';

const figure = (id: string) => screen.getByTestId(`home-${id}`).textContent;
const DAY_MS = 86_400_000;
const TODAY = '2026-11-24';
const dayBefore = (n: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);

/** A series of `days` days ending today; `paid` gives some days' rewards by kind (USDT value; AGC none). */
function makeSeries(
  days: number,
  paid: Record<string, Partial<Record<RewardKind, string>>> = {},
): RewardSeries {
  const amounts = (v: string) => ({ amount: v, usdt: v, agc: '0' });
  const list = Array.from({ length: days }, (_, i) => {
    const day = dayBefore(days - 1 - i);
    const p = paid[day] ?? {};
    const kinds = {
      referral: amounts(p.referral ?? '0'),
      pairing: amounts(p.pairing ?? '0'),
      static: amounts(p.static ?? '0'),
      management: amounts(p.management ?? '0'),
    };
    const total = Object.values(p).reduce((t, v) => t + Number(v), 0);
    return { day, kinds, total: amounts(String(total)) };
  });
  return { from: defined(list[0]).day, to: TODAY, list };
}

const word = (v: bigint) => v.toString(16).padStart(64, '0');

/** The chain's RPC (JSON-RPC over fetch at config.rpc_url): the wallet's ETH, and balanceOf of USDT and AGC. */
function rpc(balances: { eth: bigint; usdt: bigint; agc: bigint } | 'down'): ApiHandler {
  return (_url, body): ApiReply => {
    if (balances === 'down') return { status: 503, body: { error: 'unavailable' } };
    const call = body as { id: number; method: string; params: Array<{ to?: string }> };
    const result =
      call.method === 'eth_getBalance'
        ? `0x${balances.eth.toString(16)}`
        : call.params[0]?.to?.toLowerCase() === CONFIG.contracts.usdt
          ? `0x${word(balances.usdt)}`
          : `0x${word(balances.agc)}`;
    return { body: { jsonrpc: '2.0', id: call.id, result } };
  };
}

interface Api {
  me?: ApiHandler;
  series?: ApiHandler;
  chain?: ApiHandler;
}

function api(o: Api = {}) {
  return stubApi({
    'GET /api/v1/me': o.me ?? (() => ok(makeMe())),
    'GET /api/v1/config': () => ok(CONFIG),
    'GET /api/v1/profit/series': o.series ?? ((url) => ok(makeSeries(Number(url.searchParams.get('days'))))),
    'POST /': o.chain ?? rpc({ eth: 10n ** 16n, usdt: 1_234_500_000n, agc: 25n * 10n ** 17n }),
  });
}

beforeEach(() => {
  useAuthStore.getState().setToken('jwt');
  useWalletStore.getState().setAccount(MEMBER);
});
afterEach(cleanupPage);

describe('home page', () => {
  it('shows invested and available as the hero, today and yesterday, then the other figures, USDT amounts saying USDT', async () => {
    api({
      me: () =>
        ok(
          makeMe({
            level: 3,
            investment_sum: '1234.5',
            remaining_dividends: '3703.5',
            left_team_investment: '9007199254740993.01',
            right_team_investment: '1',
            month_team_invest: '0.00005',
            profit_sum: '12.3456',
            locked_profit: '1000000',
            available_profit: '2.5',
            yesterday_profit: '0.1',
            yesterday_profit_amc: '1.23456789',
            today_profit: '0.25',
            today_profit_amc: '2.00005',
            launchpad_locked_agc: '1600.5',
          }),
        ),
    });
    renderPage(<HomePage />);
    // Skeletons, not "Loading…" text, while me loads (read out as loading).
    expect(screen.getByTestId('home-loading').getAttribute('aria-busy')).toBe('true');
    await screen.findByTestId('home-investment_sum');
    expectTexts('home', {
      level: 'V3',
      investment_sum: '1,234.50 USDT',
      available_profit: '2.50 USDT',
      remaining_dividends: '3,703.50 USDT',
      // left + right, exact (no float)
      team_performance: '9,007,199,254,740,994.01 USDT',
      left_team_investment: '9,007,199,254,740,993.01 USDT',
      right_team_investment: '1.00 USDT',
      month_team_invest: '0.00 USDT', // truncated: 0.00005 never reads as 0.0001,
      profit_sum: '12.3456 USDT',
      locked_profit: '1,000,000.00 USDT',
      yesterday_profit: '0.10 USDT',
      yesterday_profit_amc: '1.2345 AGC',
      today_profit: '0.25 USDT',
      today_profit_amc: '2.00 AGC',
      // The launchpad's locked AGC says AGC.
      launchpad_locked_agc: '1,600.50 AGC',
    });
    // The hero holds invested and available; the glance yesterday then today.
    const hero = screen.getByTestId('home-summary');
    expect(within(hero).getByText('Invested')).toBeTruthy();
    expect(within(hero).getByText('Available to withdraw')).toBeTruthy();
    const glance = screen.getByTestId('portfolio-glance');
    expect(
      [...glance.querySelectorAll('[data-testid^="home-"]')].map((e) => e.getAttribute('data-testid')),
    ).toEqual([
      'home-yesterday_profit',
      'home-yesterday_profit_amc',
      'home-today_profit',
      'home-today_profit_amc',
    ]);
    // No dollar sign anywhere on home: one notation. (The balances read viem with their first read: the file's
    // first test imports it cold, which takes more than findBy's second on a loaded machine.)
    await screen.findByTestId('portfolio-wallet-usdt', {}, { timeout: 8000 });
    expect(document.body.textContent).not.toContain('$');
    // Invested: no call to buy.
    expect(screen.queryByTestId('portfolio-cta')).toBeNull();
  });

  it('shows level 0 (nothing invested) as no level, not V1', async () => {
    api({ me: () => ok(makeMe({ level: 0 })) });
    renderPage(<HomePage />);
    expect((await screen.findByTestId('home-level')).textContent).toBe('No level');
  });

  it('offers Buy hash power when nothing is invested, opening the shop tab', async () => {
    api({ me: () => ok(makeMe({ level: 0, investment_sum: '0' })) });
    const { router } = renderPage(<HomePage />);
    const cta = await screen.findByTestId('portfolio-cta');
    expect(cta.textContent).toContain('Buy hash power');
    fireEvent.click(screen.getByTestId('portfolio-buy'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/shop/index'));
  });

  it("shows the wallet's USDT, AGC and ETH read from the chain, skeletons first", async () => {
    api();
    renderPage(<HomePage />);
    expect(await screen.findByTestId('portfolio-wallet-loading')).toBeTruthy();
    await screen.findByTestId('portfolio-wallet-usdt');
    expectTexts('portfolio-wallet', {
      usdt: '1,234.50 USDT',
      agc: '2.50 AGC',
      eth: '0.01 ETH',
    });
  });

  it('says quietly that the wallet balances cannot be read when the RPC fails; the rest of home stays', async () => {
    api({ chain: rpc('down') });
    renderPage(<HomePage />);
    const error = await screen.findByTestId('portfolio-wallet-error', undefined, { timeout: 10_000 });
    expect(error.textContent).toContain('The wallet balances cannot be read right now.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(figure('investment_sum')).toBe('0.00 USDT');
  }, 15_000);

  it('says so too when the configuration naming the RPC cannot be read', async () => {
    stubApi({
      'GET /api/v1/me': () => ok(makeMe()),
      'GET /api/v1/config': () => fail(500, 'Server error'),
      'GET /api/v1/profit/series': () => ok(makeSeries(7)),
    });
    renderPage(<HomePage />);
    expect((await screen.findByTestId('portfolio-wallet-error')).textContent).toContain(
      'The wallet balances cannot be read right now.',
    );
  });

  it('draws the last 7 days of rewards stacked by kind, every figure in a table for screen readers', async () => {
    const calls = api({
      series: (url) =>
        ok(
          makeSeries(Number(url.searchParams.get('days')), {
            [TODAY]: { static: '4', pairing: '6' },
            [dayBefore(1)]: { referral: '10' },
            [dayBefore(20)]: { management: '3' },
          }),
        ),
    });
    renderPage(<HomePage />);
    const chart = await screen.findByTestId('portfolio-chart-svg');
    expect(calls.filter((c) => c.path === '/api/v1/profit/series').map((c) => c.query.get('days'))).toEqual([
      '7',
    ]);
    // Named by its title and a summary of the figures.
    const [titleId, descId] = defined(chart.getAttribute('aria-labelledby')).split(' ');
    expect(defined(document.getElementById(defined(titleId))).textContent).toBe('Rewards, last 7 days');
    expect(defined(document.getElementById(defined(descId))).textContent).toBe(
      'Total 20.00 USDT: Recommendation/Market 10.00 USDT, Organizational 6.00 USDT, Static 4.00 USDT, Management 0.00 USDT',
    );
    expect(screen.getByTestId('portfolio-chart-total').textContent).toBe('20.00 USDT');
    // Today's bar: static and pairing stacked, static (4) two thirds of pairing (6); yesterday's: referral alone.
    const today = screen.getByTestId(`portfolio-bar-${TODAY}`);
    const rect = (kind: string) => defined(today.querySelector(`rect[data-kind="${kind}"]`));
    expect([...today.querySelectorAll('rect')].map((r) => r.getAttribute('data-kind'))).toEqual([
      'pairing',
      'static',
    ]);
    expect(
      Number(rect('static').getAttribute('height')) / Number(rect('pairing').getAttribute('height')),
    ).toBeCloseTo(4 / 6, 2);
    expect(
      [...screen.getByTestId(`portfolio-bar-${dayBefore(1)}`).querySelectorAll('rect')].map((r) =>
        r.getAttribute('data-kind'),
      ),
    ).toEqual(['referral']);
    // The table: one row per day, oldest first, today last.
    const rows = within(screen.getByTestId('portfolio-chart-table')).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(defined(rows[7]).textContent).toBe(`${TODAY}0.00 USDT6.00 USDT4.00 USDT0.00 USDT10.00 USDT`);
    expect(defined(defined(rows[1]).querySelector('th')).textContent).toBe(dayBefore(6));
    expect(screen.getByTestId('portfolio-legend-referral').textContent).toBe(
      'Recommendation/Market10.00 USDT',
    );

    // 30 days: asked for, and the day 20 days back appears.
    fireEvent.click(screen.getByTestId('portfolio-span-30'));
    await waitFor(() =>
      expect(within(screen.getByTestId('portfolio-chart-table')).getAllByRole('row')).toHaveLength(31),
    );
    expect(screen.getByTestId('portfolio-span-30').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('portfolio-chart-total').textContent).toBe('23.00 USDT');
    expect(
      defined(screen.getByTestId(`portfolio-bar-${dayBefore(20)}`).querySelector('rect')).getAttribute(
        'data-kind',
      ),
    ).toBe('management');
    expect(defined(document.getElementById(defined(titleId))).textContent).toBe('Rewards, last 30 days');
  });

  it('says when the days have no rewards yet', async () => {
    api();
    renderPage(<HomePage />);
    expect((await screen.findByTestId('portfolio-chart-empty')).textContent).toBe(
      'No rewards in these days yet.',
    );
    expect(screen.getByTestId('portfolio-chart-svg').querySelectorAll('rect')).toHaveLength(0);
  });

  it('shows why the chart could not load, inside its card', async () => {
    api({ series: () => fail(500, 'Server error') });
    renderPage(<HomePage />);
    const error = await screen.findByTestId('portfolio-chart-error');
    expect(error.textContent).toContain('Server error');
    expect(figure('investment_sum')).toBe('0.00 USDT');
  });

  it('links the investment section to the hash-rate page', async () => {
    api({ me: () => ok(makeMe({ today_profit: '3', today_profit_amc: '1.5' })) });
    const { router } = renderPage(<HomePage />);
    expect((await screen.findByTestId('home-today_profit')).textContent).toBe('3.00 USDT');
    expect(figure('today_profit_amc')).toBe('1.50 AGC');
    fireEvent.click(screen.getByTestId('home-hashrate-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hashRate'));
  });

  it('links the hero to the assets view (everything the app holds for the member)', async () => {
    api();
    const { router } = renderPage(<HomePage />);
    const link = await screen.findByTestId('home-assets-link');
    expect(link.textContent).toBe('All my assets');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/assets/index'));
  });

  it.each([
    ['the team performance section', 'the team_user page', 'home-team-link', '/pages/index/team_user'],
    [
      'the launchpad section (its locked AGC)',
      'my launchpad purchases',
      'home-launchpad-link',
      '/pages/launchpad/mine',
    ],
    ['the rewards section', 'the withdrawal page', 'home-withdraw-link', '/pages/withdrawal/index'],
  ])('links %s to %s', async (_section, _page, testId, pathname) => {
    api();
    const { router } = renderPage(<HomePage />);
    fireEvent.click(await screen.findByTestId(testId));
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  });

  it('has entries to simple earn, the launchpad and the exchange, each opening its page', async () => {
    api();
    const { router } = renderPage(<HomePage />);
    const entries = await screen.findByRole('navigation', { name: 'Products' });
    expect(
      within(entries)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Simple Earn', 'Launchpad', 'Exchange']);
    const expected = {
      earn: '/pages/easyEarn/index',
      launchpad: '/pages/launchpad/index',
      exchange: '/pages/exchange/index',
    };
    for (const [key, path] of Object.entries(expected)) {
      fireEvent.click(screen.getByTestId(`home-entry-${key}`));
      await waitFor(() => expect(router.state.location.pathname).toBe(path));
      await router.navigate('/');
      await screen.findByTestId('home-entries');
    }
  });

  it('shows the error', async () => {
    api({ me: () => fail(500, 'No member') });
    renderPage(<HomePage />);
    expect((await screen.findByTestId('home-error')).textContent).toContain('No member');
    expect(screen.queryByTestId('home-investment_sum')).toBeNull();
    expect(screen.queryByTestId('home-entries')).toBeNull();
  });
});
