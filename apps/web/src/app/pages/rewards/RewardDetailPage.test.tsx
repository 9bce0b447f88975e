import { formatTime } from '@agc/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupPage } from '../../../test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '../../../test/render.tsx';
import { makeReward } from '../../../test/reward-fixtures.ts';
import RewardDetailPage from './RewardDetailPage.tsx';

const field = (name: string) => screen.getByTestId(`reward-detail-${name}`).textContent;
const DETAIL = '/pages/rewardList/detail';

afterEach(cleanupPage);

describe('reward detail page', () => {
  it('shows time, base, ratio, source user, level and money received, with what was due and cut', async () => {
    const reward = makeReward({
      base: '1500',
      rate: '10.00',
      due: '150',
      cut: '30.5',
      cut_reason: 'remaining_dividends',
      amount: '119.5',
      credited_usdt: '95.6',
      credited_agc: '47.8',
      level: 3,
      day: '2024-12-31',
    });
    const calls = stubApi({ 'GET /api/v1/profit/detail': () => ok(reward) });
    renderPage(<RewardDetailPage />, `${DETAIL}?id=7`);
    await screen.findByTestId('reward-detail');
    expect(calls[0]?.query.get('id')).toBe('7');
    expect(field('kind')).toBe('Recommendation/Market');
    expect(field('created_at')).toBe(formatTime(reward.created_at));
    expect(field('base')).toBe('1,500.00 USDT');
    expect(field('rate')).toBe('10%');
    expect(field('source')).toBe('0x70997970c5...17dc79c8');
    expect(field('level')).toBe('V3');
    expect(field('amount')).toBe('119.50 USDT');
    expect(field('credited_usdt')).toBe('95.60 USDT');
    expect(field('credited_agc')).toBe('47.80 AGC');
    expect(field('due')).toBe('150.00 USDT');
    expect(field('cut')).toBe('30.50 USDT');
    expect(field('cut_reason')).toBe('Remaining dividends');
    expect(field('day')).toBe('2024-12-31');
    expect(field('headline')).toBe('119.50 USDT');
    expect(screen.getByTestId('reward-capped').textContent).toBe('Capped: 30.50 USDT by remaining dividends');
  });

  it('a reward without a source user or a cut: a dash and no cap; management shows the rank', async () => {
    stubApi({
      'GET /api/v1/profit/detail': () =>
        ok(makeReward({ kind: 'management', source_address: null, level: 2, rate: '0.60' })),
    });
    renderPage(<RewardDetailPage />, `${DETAIL}?id=7`);
    await screen.findByTestId('reward-detail');
    expect(field('kind')).toBe('Management');
    expect(field('source')).toBe('—');
    expect(field('level')).toBe('Rank 2');
    expect(field('rate')).toBe('0.6%');
    expect(field('cut')).toBe('0.00 USDT');
    expect(field('cut_reason')).toBe('None');
    expect(screen.queryByTestId('reward-capped')).toBeNull();
  });

  it.each([
    ['no id', DETAIL],
    ['an empty id', `${DETAIL}?id=`],
    ['a malformed id', `${DETAIL}?id=abc`],
    ['a negative id', `${DETAIL}?id=-1`],
  ])('%s is not found, without asking the server', async (_name, url) => {
    const calls = stubApi({ 'GET /api/v1/profit/detail': () => ok(makeReward()) });
    renderPage(<RewardDetailPage />, url);
    expect((await screen.findByTestId('reward-not-found')).textContent).toContain(
      'This reward was not found.',
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(0);
  });

  it('an id the server does not know for this member (404) is not found, shown once', async () => {
    stubApi({ 'GET /api/v1/profit/detail': () => fail(404, 'Reward not found') });
    renderPage(<RewardDetailPage />, `${DETAIL}?id=123`);
    expect(await screen.findByTestId('reward-not-found')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Reward not found')).toBeNull(); // no toast on top
  });

  it('any other failure is Load Failed with the reason and a retry', async () => {
    let answer = () => fail(503, 'Service unavailable');
    stubApi({ 'GET /api/v1/profit/detail': () => answer() });
    renderPage(<RewardDetailPage />, `${DETAIL}?id=7`);
    const error = await screen.findByTestId('reward-error');
    expect(error.textContent).toContain('Load Failed');
    expect(screen.getAllByText('Service unavailable')).toHaveLength(1); // inline only, no modal
    answer = () => ok(makeReward());
    screen.getByText('Retry').click();
    expect(await screen.findByTestId('reward-detail')).toBeTruthy();
  });
});
