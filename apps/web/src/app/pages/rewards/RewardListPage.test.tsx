import { formatTime, type Me } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useRewards } from '@web/features/rewards/api/get-rewards.ts';
import { flattenRewards, nextPageParam } from '@web/features/rewards/api/paging.ts';
import { groupStarts } from '@web/features/rewards/format.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { loadBothPages, renderQueryHook } from '@web/test/query-hooks.tsx';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { makeReward, rewardPage } from '@web/test/reward-fixtures.ts';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import RewardListPage from './RewardListPage.tsx';

const URL_PATH = '/pages/rewardList/index';
const byKind: ApiHandler = (url) =>
  ok(rewardPage([makeReward({ id: `${url.searchParams.get('kind')}-1`, kind: 'pairing' })]));

beforeEach(() => useAuthStore.getState().setToken('test-token'));
afterEach(cleanupPage);

describe('date groups', () => {
  it('starts a group at its first reward only', () => {
    const starts = groupStarts([
      { id: 'a', group: 1 },
      { id: 'b', group: 1 },
      { id: 'c', group: 2 },
      { id: 'd', group: 3 },
      { id: 'e', group: 3 },
    ]);
    expect([...starts]).toEqual([
      ['a', 1],
      ['c', 2],
      ['d', 3],
    ]);
  });
});

describe('rewards tab', () => {
  it('shows the income summary and the list grouped today / yesterday / older, each header once', async () => {
    stubApi({
      'GET /api/v1/profit/all': () =>
        ok(
          rewardPage([
            makeReward({ id: '9', group: 1 }),
            makeReward({ id: '8', group: 1, kind: 'static' }),
            makeReward({ id: '6', group: 2, kind: 'pairing' }),
            makeReward({ id: '5', group: 3 }),
            makeReward({ id: '4', group: 3, kind: 'management' }),
          ]),
        ),
      'GET /api/v1/me': () => ok(makeMe()),
    });
    renderPage(<RewardListPage />, URL_PATH);
    await screen.findByTestId('reward-item-9');
    expectTexts('rewards-summary', {
      total: '33.75 USDT',
      referral: '10.00 USDT',
      pairing: '20.50 USDT',
      static: '3.25 USDT',
      management: '0.00 USDT',
    });
    expect(screen.getByTestId('rewards-summary').textContent).toContain('Recommendation/Market');
    expect(screen.getByTestId('rewards-summary').textContent).toContain('Organizational');

    // Headers and items in document order: a header before the first reward of each group.
    const sequence = [
      ...screen.getByTestId('rewards-list').querySelectorAll('[data-testid^="rewards-group-"], .reward-item'),
    ].map((el) => el.getAttribute('data-testid'));
    expect(sequence).toEqual([
      'rewards-group-1',
      'reward-item-9',
      'reward-item-8',
      'rewards-group-2',
      'reward-item-6',
      'rewards-group-3',
      'reward-item-5',
      'reward-item-4',
    ]);
    expectTexts('rewards-group', { 1: 'Today', 2: 'Yesterday', 3: 'Earlier' });
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
  });

  it('shows kind, amount, credit time and the USDT / AGC split of each reward, and opens its detail', async () => {
    const reward = makeReward({ amount: '1234.5', credited_usdt: '987.6', credited_agc: '493.8' });
    stubApi({
      'GET /api/v1/profit/all': () => ok(rewardPage([reward])),
      'GET /api/v1/me': () => ok(makeMe()),
    });
    const { router } = renderPage(<RewardListPage />, URL_PATH);
    const itemElement = await screen.findByTestId('reward-item-7');
    expectTexts(
      'reward',
      {
        kind: 'Recommendation/Market',
        amount: '1,234.50 USDT',
        time: formatTime(reward.created_at),
        usdt: '987.60 USDT',
        agc: '493.80 AGC',
      },
      itemElement,
    );
    expect(within(itemElement).queryByTestId('reward-capped')).toBeNull();
    fireEvent.click(screen.getByTestId('reward-item-7'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/rewardList/detail?id=7',
      ),
    );
  });

  it('marks a reward the caps cut, with the amount and the cap', async () => {
    stubApi({
      'GET /api/v1/profit/all': () =>
        ok(
          rewardPage([
            makeReward({ id: '1', due: '10', cut: '4', amount: '6', cut_reason: 'day_top_profit' }),
            makeReward({ id: '2', due: '10', cut: '10', amount: '0', cut_reason: 'remaining_dividends' }),
          ]),
        ),
      'GET /api/v1/me': () => ok(makeMe()),
    });
    renderPage(<RewardListPage />, URL_PATH);
    const dayTop = within(await screen.findByTestId('reward-item-1'));
    expect(dayTop.getByTestId('reward-amount').textContent).toBe('6.00 USDT');
    expect(dayTop.getByTestId('reward-capped').textContent).toBe('Capped: 4.00 USDT by the day top');
    // Capped whole: one line, what was capped and why; no "0.00 USDT", no "0.00 USDT + 0.00 AGC".
    const remaining = within(screen.getByTestId('reward-item-2'));
    expect(screen.getByTestId('reward-item-2').dataset.folded).toBe('true');
    expect(remaining.queryByTestId('reward-amount')).toBeNull();
    expect(remaining.queryByTestId('reward-usdt')).toBeNull();
    expect(remaining.getByTestId('reward-capped').textContent).toBe(
      'Capped: 10.00 USDT by remaining dividends',
    );
  });

  it('filters by kind: all through profit/all, one kind through profit/type?kind=', async () => {
    const calls = stubApi({
      'GET /api/v1/profit/all': () => ok(rewardPage([makeReward()])),
      'GET /api/v1/profit/type': byKind,
      'GET /api/v1/me': () => ok(makeMe()),
    });
    renderPage(<RewardListPage />, URL_PATH);
    await screen.findByTestId('reward-item-7');
    const lists = () => calls.filter((c) => c.path.startsWith('/api/v1/profit/'));
    expect(lists().map((c) => c.path)).toEqual(['/api/v1/profit/all']);
    expect(lists()[0]?.query.get('page')).toBe('1');

    fireEvent.click(screen.getByTestId('rewards-tab-pairing'));
    expect((await screen.findByTestId('reward-item-pairing-1')).textContent).toContain('Organizational');
    expect(screen.queryByTestId('reward-item-7')).toBeNull();
    expect(lists().at(-1)?.path).toBe('/api/v1/profit/type');
    expect(lists().at(-1)?.query.get('kind')).toBe('pairing');
    // The summary stays while another kind loads and after.
    expect(screen.getByTestId('rewards-summary-total').textContent).toBe('33.75 USDT');

    for (const kind of ['referral', 'static', 'management'] as const) {
      fireEvent.click(screen.getByTestId(`rewards-tab-${kind}`));
      await screen.findByTestId(`reward-item-${kind}-1`);
      expect(lists().at(-1)?.query.get('kind')).toBe(kind);
    }
    fireEvent.click(screen.getByTestId('rewards-tab-all'));
    await screen.findByTestId('reward-item-7');
  });

  it('pages while has_more, each reward once; the filter picks the endpoint', async () => {
    const calls = stubApi({
      'GET /api/v1/profit/type': (url) =>
        url.searchParams.get('page') === '1'
          ? ok(rewardPage([makeReward({ id: '3' })], { hasMore: true }))
          : ok(rewardPage([makeReward({ id: '3' }), makeReward({ id: '2', group: 2 })], { page: 2 })),
    });
    const { result } = renderQueryHook(() => useRewards('static'));
    await loadBothPages(result);
    expect(calls.map((c) => [c.path, c.query.get('kind'), c.query.get('page'), c.query.get('size')])).toEqual(
      [
        ['/api/v1/profit/type', 'static', '1', '20'],
        ['/api/v1/profit/type', 'static', '2', '20'],
      ],
    );
    expect(flattenRewards(result.current.data?.pages).map((r) => r.id)).toEqual(['3', '2']);
    expect(nextPageParam({ page: 4, has_more: false })).toBeUndefined();
  });

  it('No Data Available when empty; Load Failed inline (no toast) when the list fails', async () => {
    stubApi({
      'GET /api/v1/profit/all': () => ok(rewardPage([])),
      'GET /api/v1/me': () => ok(makeMe()),
    });
    renderPage(<RewardListPage />, URL_PATH);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    await cleanupPage();

    useAuthStore.getState().setToken('test-token');
    stubApi({
      'GET /api/v1/profit/all': () => fail(400, 'Bad page'),
      'GET /api/v1/me': () => ok(makeMe()),
    });
    renderPage(<RewardListPage />, URL_PATH);
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('Load Failed');
    expect(screen.getAllByText('Bad page')).toHaveLength(1);
  });
});

/** The rewards tab with no rewards and GET me's management figures `me`; the API calls it makes. */
function openWithManagement(me: Partial<Me>) {
  const calls = stubApi({
    'GET /api/v1/profit/all': () => ok(rewardPage([])),
    'GET /api/v1/me': () => ok(makeMe(me)),
  });
  renderPage(<RewardListPage />, URL_PATH);
  return calls;
}

describe('management settlement', () => {
  it('shows the base and rank from me; rank 0 disables the button with a hint', async () => {
    const calls = openWithManagement({ manage_award_base: '1500.5', manage_leve: 0 });
    await waitFor(() => expect(screen.getByTestId('rewards-mng-base').textContent).toBe('1,500.50 USDT'));
    expect(screen.getByTestId('rewards-mng-rank').textContent).toBe('Rank 0');
    const button = screen.getByTestId('rewards-mng-settle') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByTestId('rewards-mng-hint').textContent).toContain('nothing to settle');
    fireEvent.click(button);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks first: Cancel does nothing', async () => {
    const calls = openWithManagement({ manage_award_base: '5000', manage_leve: 2 });
    await waitFor(() => expect(screen.getByTestId('rewards-mng-rank').textContent).toBe('Rank 2'));
    expect(screen.queryByTestId('rewards-mng-hint')).toBeNull();
    fireEvent.click(screen.getByTestId('rewards-mng-settle'));
    expect(await screen.findByText('Settle the management reward?')).toBeTruthy();
    expect(screen.getByText(/restarts your management base and rank/)).toBeTruthy();
    expect(screen.getByText(/may reach a higher rank next time/)).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByText('Settle the management reward?')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect((screen.getByTestId('rewards-mng-settle') as HTMLButtonElement).disabled).toBe(false);
  });

  it('OK posts profit/mng, toasts the amount and reloads the list, the summary and me', async () => {
    let settled = false;
    const mng = makeReward({
      id: '99',
      kind: 'management',
      amount: '250',
      base: '5000',
      rate: '5',
      level: 2,
    });
    const calls = stubApi({
      'GET /api/v1/profit/all': () =>
        ok(
          settled
            ? rewardPage([mng], {
                summary: { ...rewardPage([]).summary, management: '250', total: '283.75' },
              })
            : rewardPage([]),
        ),
      'GET /api/v1/me': () =>
        ok(makeMe(settled ? { manage_leve: 0 } : { manage_award_base: '5000', manage_leve: 2 })),
      'POST /api/v1/profit/mng': () => {
        settled = true;
        return ok({ reward: mng });
      },
    });
    renderPage(<RewardListPage />, URL_PATH);
    await waitFor(() => expect(screen.getByTestId('rewards-mng-rank').textContent).toBe('Rank 2'));
    fireEvent.click(screen.getByTestId('rewards-mng-settle'));
    fireEvent.click(await screen.findByText('OK'));
    expect(await screen.findByText('Management reward settled: 250.00 USDT')).toBeTruthy();
    expect((await screen.findByTestId('reward-item-99')).textContent).toContain('Management');
    expect(screen.getByTestId('rewards-summary-total').textContent).toBe('283.75 USDT');
    await waitFor(() => expect(screen.getByTestId('rewards-mng-rank').textContent).toBe('Rank 0'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/v1/me').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal once, as the request wrapper's toast", async () => {
    stubApi({
      'GET /api/v1/profit/all': () => ok(rewardPage([])),
      'GET /api/v1/me': () => ok(makeMe({ manage_award_base: '10', manage_leve: 1 })),
      'POST /api/v1/profit/mng': () => fail(400, 'There is no management reward to settle'),
    });
    renderPage(<RewardListPage />, URL_PATH);
    await waitFor(() => expect(screen.getByTestId('rewards-mng-rank').textContent).toBe('Rank 1'));
    fireEvent.click(screen.getByTestId('rewards-mng-settle'));
    fireEvent.click(await screen.findByText('OK'));
    expect(await screen.findByText('There is no management reward to settle')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('There is no management reward to settle')).toHaveLength(1);
    expect(screen.queryByText(/Management reward settled/)).toBeNull();
    await waitFor(() =>
      expect((screen.getByTestId('rewards-mng-settle') as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
