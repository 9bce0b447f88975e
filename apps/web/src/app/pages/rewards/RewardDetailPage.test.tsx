import { formatTime } from '@agc/shared';
import { screen } from '@testing-library/react';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { makeReward } from '@web/test/reward-fixtures.ts';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import RewardDetailPage from './RewardDetailPage.tsx';

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
    expectTexts('reward-detail', {
      kind: 'Recommendation/Market',
      created_at: formatTime(reward.created_at),
      base: '1,500.00 USDT',
      rate: '10%',
      source: '0x70997970c5...17dc79c8',
      level: 'V3',
      amount: '119.50 USDT',
      credited_usdt: '95.60 USDT',
      credited_agc: '47.80 AGC',
      due: '150.00 USDT',
      cut: '30.50 USDT',
      cut_reason: 'Remaining dividends',
      day: '2024-12-31',
      headline: '119.50 USDT',
    });
    expect(screen.getByTestId('reward-capped').textContent).toBe('Capped: 30.50 USDT by remaining dividends');
  });

  it('a reward without a source user or a cut: a dash and no cap; management shows the rank', async () => {
    stubApi({
      'GET /api/v1/profit/detail': () =>
        ok(makeReward({ kind: 'management', source_address: null, level: 2, rate: '0.60' })),
    });
    renderPage(<RewardDetailPage />, `${DETAIL}?id=7`);
    await screen.findByTestId('reward-detail');
    expectTexts('reward-detail', {
      kind: 'Management',
      source: '—',
      level: 'Rank 2',
      rate: '0.6%',
      cut: '0.00 USDT',
      cut_reason: 'None',
    });
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
