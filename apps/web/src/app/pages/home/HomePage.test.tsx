import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth.ts';
import { cleanupPage } from '../../../test/cleanup.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { fail, ok, renderPage, stubApi } from '../../../test/render.tsx';
import { expectTexts } from '../../../test/texts.ts';
import HomePage from './HomePage.tsx';

const figure = (id: string) => screen.getByTestId(`home-${id}`).textContent;

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(cleanupPage);

describe('home page', () => {
  it('shows every figure of GET me with the shared amount formatting', async () => {
    stubApi({
      'GET /api/v1/me': () =>
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
          }),
        ),
    });
    renderPage(<HomePage />);
    expect(screen.getByTestId('home-loading').textContent).toBe('Loading…');
    await screen.findByTestId('home-investment_sum');
    expectTexts('home', {
      level: 'V3',
      investment_sum: '$1,234.50',
      remaining_dividends: '$3,703.50',
      // left + right, exact (no float)
      team_performance: '$9,007,199,254,740,994.01',
      left_team_investment: '$9,007,199,254,740,993.01',
      right_team_investment: '$1.00',
      month_team_invest: '$0.0001',
      profit_sum: '$12.3456',
      locked_profit: '$1,000,000.00',
      available_profit: '$2.50',
      yesterday_profit: '$0.10',
      yesterday_profit_amc: '1.2346 AGC',
      // today's rewards follow yesterday's, in the same order and formatting
      today_profit: '$0.25',
      today_profit_amc: '2.0001 AGC',
    });
    const ids = [...document.querySelectorAll('[data-testid^="home-"]')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(ids.slice(ids.indexOf('home-yesterday_profit'))).toEqual([
      'home-yesterday_profit',
      'home-yesterday_profit_amc',
      'home-today_profit',
      'home-today_profit_amc',
    ]);
    expect(screen.getByText("Today's rewards")).toBeTruthy();
    expect(screen.getByText("Today's rewards (AGC)")).toBeTruthy();
  });

  it('shows level 0 (nothing invested) as no level, not V1 (issue 13)', async () => {
    stubApi({ 'GET /api/v1/me': () => ok(makeMe({ level: 0 })) });
    renderPage(<HomePage />);
    expect((await screen.findByTestId('home-level')).textContent).toBe('No level');
  });

  it('links the investment section to the hash-rate page', async () => {
    stubApi({ 'GET /api/v1/me': () => ok(makeMe({ today_profit: '3', today_profit_amc: '1.5' })) });
    const { router } = renderPage(<HomePage />);
    expect((await screen.findByTestId('home-today_profit')).textContent).toBe('$3.00');
    expect(figure('today_profit_amc')).toBe('1.50 AGC');
    fireEvent.click(screen.getByTestId('home-hashrate-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/hashRate'));
  });

  it('links the team performance section to the team_user page', async () => {
    stubApi({ 'GET /api/v1/me': () => ok(makeMe()) });
    const { router } = renderPage(<HomePage />);
    fireEvent.click(await screen.findByTestId('home-team-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/index/team_user'));
  });

  it('links the rewards section to the withdrawal page', async () => {
    stubApi({ 'GET /api/v1/me': () => ok(makeMe()) });
    const { router } = renderPage(<HomePage />);
    fireEvent.click(await screen.findByTestId('home-withdraw-link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/withdrawal/index'));
  });

  it('shows the error with a retry', async () => {
    stubApi({ 'GET /api/v1/me': () => fail(400, 'No member') });
    renderPage(<HomePage />);
    expect((await screen.findByTestId('home-error')).textContent).toContain('No member');
    expect(screen.queryByTestId('home-investment_sum')).toBeNull();
  });
});
