import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth.ts';
import { cleanupPage } from '../../../test/cleanup.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { fail, ok, renderPage, stubApi } from '../../../test/render.tsx';
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
          }),
        ),
    });
    renderPage(<HomePage />);
    expect(screen.getByTestId('home-loading').textContent).toBe('Loading…');
    await screen.findByTestId('home-investment_sum');
    expect(figure('level')).toBe('V3');
    expect(figure('investment_sum')).toBe('$1,234.50');
    expect(figure('remaining_dividends')).toBe('$3,703.50');
    // left + right, exact (no float)
    expect(figure('team_performance')).toBe('$9,007,199,254,740,994.01');
    expect(figure('left_team_investment')).toBe('$9,007,199,254,740,993.01');
    expect(figure('right_team_investment')).toBe('$1.00');
    expect(figure('month_team_invest')).toBe('$0.0001');
    expect(figure('profit_sum')).toBe('$12.3456');
    expect(figure('locked_profit')).toBe('$1,000,000.00');
    expect(figure('available_profit')).toBe('$2.50');
    expect(figure('yesterday_profit')).toBe('$0.10');
    expect(figure('yesterday_profit_amc')).toBe('1.2346 AGC');
  });

  it('shows the error with a retry', async () => {
    stubApi({ 'GET /api/v1/me': () => fail(400, 'No member') });
    renderPage(<HomePage />);
    expect((await screen.findByTestId('home-error')).textContent).toContain('No member');
    expect(screen.queryByTestId('home-investment_sum')).toBeNull();
  });
});
