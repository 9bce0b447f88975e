import { formatTime } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { flattenAllocations, useLaunchpadAllocations } from '@web/features/launchpad/api/get-allocations.ts';
import { allocationPage, makePurchase, makeRound } from '@web/features/launchpad/testing/fixtures.ts';
import { unbroken } from '@web/lib/format.ts';
import { meQueryOptions } from '@web/lib/me.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { loadBothPages, renderQueryHook } from '@web/test/query-hooks.tsx';
import {
  type ApiHandler,
  callsTo,
  fail,
  ok,
  renderPage,
  stubApi,
  testQueryClient,
} from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it } from 'vitest';
import LaunchpadDetailPage from './LaunchpadDetailPage.tsx';

afterEach(cleanupPage);

const url = (id: string | number = 3) => withQuery(paths.launchpadDetail, { id });

function server(over: Record<string, ApiHandler> = {}, available = '10000') {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ available_profit: available })),
    'GET /api/v1/launchpad/rounds/3': () => ok(makeRound({ my_copies: 1 })),
    'GET /api/v1/launchpad/rounds/3/allocations': (u) =>
      u.searchParams.get('page') === '1'
        ? ok(allocationPage(1, 20, 1, true))
        : ok(allocationPage(21, 30, 2, false)),
    ...over,
  });
}

const text = (id: string) => screen.getByTestId(id).textContent;
const copiesInput = () => screen.getByTestId('lp-copies') as HTMLInputElement;
const confirmDisabled = () => screen.getByTestId('lp-confirm').hasAttribute('disabled');

async function openSheet() {
  fireEvent.click(await screen.findByTestId('lp-buy'));
  return screen.findByTestId('lp-sheet');
}

describe('launchpad round', () => {
  it('shows every fact, the release rule, my copies and the limit', async () => {
    server();
    renderPage(<LaunchpadDetailPage />, url());
    expect((await screen.findByTestId('lp-detail-name')).textContent).toBe('Seed Round');
    expectTexts('lp-detail', {
      state: 'Open',
      description: 'The first AGC venture round.',
      sold: '50 / 200 sold',
      remaining: '150 left',
      price: '500.00 USDT',
      agcPerCopy: '1,000.00 AGC',
      copies: '200',
      limit: '5',
      mine: '1',
      cliff: '30 d',
      linear: '180 d',
      releaseStarts: formatTime('2027-01-19T00:00:00.000Z'),
    });
    expect(text('lp-detail-release')).toBe(
      `The AGC stays locked until ${unbroken(formatTime('2027-01-19T00:00:00.000Z'))}, then is released evenly, day by day, until ${unbroken(formatTime('2027-07-18T00:00:00.000Z'))}.`,
    );
    expect(screen.queryByTestId('lp-detail-block')).toBeNull();
    expect(screen.getByTestId('lp-buy').hasAttribute('disabled')).toBe(false);
  });

  it('says the release comes at once when there is no linear part', async () => {
    server({ 'GET /api/v1/launchpad/rounds/3': () => ok(makeRound({ linear_days: 0 })) });
    renderPage(<LaunchpadDetailPage />, url());
    expect((await screen.findByTestId('lp-detail-release')).textContent).toBe(
      `The AGC stays locked until ${unbroken(formatTime('2027-01-19T00:00:00.000Z'))}, then is released at once.`,
    );
  });

  it.each([
    [{ state: 'SoldOut', sold: 200, remaining: 0 }, 'Every copy of this round is sold.'],
    [{ my_copies: 5 }, 'You hold as many copies as one member may buy.'],
    [{ state: 'Upcoming' }, 'This round has not started yet.'],
    [{ state: 'Ended' }, 'This round has ended.'],
    [{ state: 'Closed' }, 'This round was closed.'],
  ] as const)('cannot buy when %o: %s', async (change, reason) => {
    server({ 'GET /api/v1/launchpad/rounds/3': () => ok(makeRound(change)) });
    renderPage(<LaunchpadDetailPage />, url());
    expect((await screen.findByTestId('lp-detail-block')).textContent).toBe(reason);
    expect(screen.getByTestId('lp-buy').hasAttribute('disabled')).toBe(true);
  });

  it('an Upcoming round left open turns Open when the server says it starts, without a reload', async () => {
    const now = Date.now();
    const startsAt = new Date(now + 1_000).toISOString();
    let calls = 0;
    server({
      'GET /api/v1/launchpad/rounds/3': () => {
        calls += 1;
        return calls === 1
          ? ok(
              makeRound({ state: 'Upcoming', starts_at: startsAt, server_time: new Date(now).toISOString() }),
            )
          : ok(makeRound({ state: 'Open', starts_at: startsAt, server_time: new Date().toISOString() }));
      },
    });
    renderPage(<LaunchpadDetailPage />, url());
    expect((await screen.findByTestId('lp-detail-block')).textContent).toBe(
      'This round has not started yet.',
    );
    await waitFor(() => expect(text('lp-detail-state')).toBe('Open'), { timeout: 4_000 });
    expect(screen.queryByTestId('lp-detail-block')).toBeNull();
    expect(calls).toBe(2);
  });

  it('lists the allocations (copy no., short address, time) with No More Data at the end', async () => {
    server({ 'GET /api/v1/launchpad/rounds/3/allocations': () => ok(allocationPage(1, 3, 1, false)) });
    renderPage(<LaunchpadDetailPage />, url());
    const list = await screen.findByTestId('lp-allocations');
    await waitFor(() => expect(within(list).getAllByTestId('lp-allocation')).toHaveLength(3));
    // The rows sit in one card with their column heads (not on the page's grey).
    expect(list.querySelector('ul.list')?.classList.contains('lp-allocations-card')).toBe(true);
    const first = within(list).getAllByTestId('lp-allocation')[0];
    expect(first?.textContent).toBe(`#10x0001…abcd${formatTime('2026-11-24T10:00:00.000Z')}`);
    expect(
      within(list)
        .getAllByTestId('lp-allocation')
        .map((a) => a.getAttribute('data-copy')),
    ).toEqual(['1', '2', '3']);
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
  });

  it('reads the allocation list page by page while the server has more, each copy once', async () => {
    const calls = server();
    const { result } = renderQueryHook(() => useLaunchpadAllocations(3));
    await loadBothPages(result);
    expect(
      callsTo(calls, '/api/v1/launchpad/rounds/3/allocations').map((c) => [
        c.query.get('page'),
        c.query.get('size'),
      ]),
    ).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
    const copies = flattenAllocations(result.current.data?.pages).map((a) => a.copy_no);
    expect(copies).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('says so for an unknown round or an id that is no id, asking nothing for the latter', async () => {
    server({ 'GET /api/v1/launchpad/rounds/3': () => fail(404, 'Round not found') });
    renderPage(<LaunchpadDetailPage />, url());
    expect((await screen.findByTestId('lp-detail-not-found')).textContent).toContain(
      'This round was not found.',
    );
    await cleanupPage();
    const calls = server();
    renderPage(<LaunchpadDetailPage />, url('x1'));
    expect(screen.getByTestId('lp-detail-not-found')).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith('/api/v1/launchpad'))).toEqual([]);
  });

  it('buy sheet: steps within 1..min(left, limit − mine), with the cost, the AGC and the available USDT', async () => {
    server();
    renderPage(<LaunchpadDetailPage />, url());
    await openSheet();
    expect(copiesInput().value).toBe('1');
    expect(screen.getByTestId('lp-copies-minus').hasAttribute('disabled')).toBe(true);
    expect(text('lp-sheet-cost')).toBe('500.00 USDT');
    expect(text('lp-sheet-agc')).toBe('1,000.00 AGC');
    await waitFor(() => expect(text('lp-sheet-available')).toBe('10,000.00 USDT'));
    expect(text('lp-copies-message')).toBe('1 to 4 copies (150 left; you hold 1 of the 5 allowed).');
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByTestId('lp-copies-plus'));
    expect(copiesInput().value).toBe('4'); // limit 5, one held
    expect(screen.getByTestId('lp-copies-plus').hasAttribute('disabled')).toBe(true);
    expect(text('lp-sheet-cost')).toBe('2,000.00 USDT');
    expect(text('lp-sheet-agc')).toBe('4,000.00 AGC');
    expect(text('lp-confirm')).toBe('Confirm and pay 2,000.00 USDT');
    fireEvent.click(screen.getByTestId('lp-copies-minus'));
    expect(copiesInput().value).toBe('3');
  });

  it('buy sheet: reads the available USDT again when it opens (not the figure another page cached)', async () => {
    server();
    const client = testQueryClient();
    client.setQueryData(meQueryOptions.queryKey, makeMe({ available_profit: '1' }));
    renderPage(<LaunchpadDetailPage />, url(), client);
    await openSheet();
    await waitFor(() => expect(text('lp-sheet-available')).toBe('10,000.00 USDT'));
    expect(screen.queryByTestId('lp-sheet-short')).toBeNull();
  });

  it('buy sheet: copies left bound the stepper below the limit', async () => {
    server({ 'GET /api/v1/launchpad/rounds/3': () => ok(makeRound({ sold: 198, remaining: 2 })) });
    renderPage(<LaunchpadDetailPage />, url());
    await openSheet();
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByTestId('lp-copies-plus'));
    expect(copiesInput().value).toBe('2');
  });

  it.each(['0', '5', '1.5', 'abc', '-1'])(
    'buy sheet: %s copies is refused with its message and nothing is sent',
    async (typed) => {
      const calls = server();
      renderPage(<LaunchpadDetailPage />, url());
      await openSheet();
      fireEvent.change(copiesInput(), { target: { value: typed } });
      expect(text('lp-copies-message')).toBe('Enter a whole number of copies from 1 to 4.');
      expect(copiesInput().getAttribute('aria-invalid')).toBe('true');
      expect(confirmDisabled()).toBe(true);
      // Nothing is priced for a count the member did not ask for.
      expect([text('lp-sheet-cost'), text('lp-sheet-agc'), text('lp-confirm')]).toEqual([
        '—',
        '—',
        'Confirm and pay',
      ]);
      fireEvent.click(screen.getByTestId('lp-confirm'));
      expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
      fireEvent.blur(copiesInput());
      expect(Number(copiesInput().value)).toBeGreaterThanOrEqual(1);
      expect(Number(copiesInput().value)).toBeLessThanOrEqual(4);
    },
  );

  it('buy sheet: not enough available USDT is said before sending, and Confirm stays off', async () => {
    const calls = server({}, '999.999999');
    renderPage(<LaunchpadDetailPage />, url());
    await openSheet();
    await waitFor(() => expect(text('lp-sheet-available')).toBe('999.9999 USDT'));
    fireEvent.click(screen.getByTestId('lp-copies-plus'));
    expect(text('lp-sheet-short')).toBe('The balance is insufficient');
    expect(confirmDisabled()).toBe(true);
    fireEvent.click(screen.getByTestId('lp-copies-minus'));
    expect(screen.queryByTestId('lp-sheet-short')).toBeNull();
    expect(confirmDisabled()).toBe(false);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('buy sheet: the server refusal (sold out) shows its msg in the sheet and the round is read again', async () => {
    let round = makeRound();
    const calls = server({
      'GET /api/v1/launchpad/rounds/3': () => ok(round),
      'POST /api/v1/launchpad/rounds/3/buy': () => {
        round = makeRound({ state: 'SoldOut', sold: 200, remaining: 0 });
        return fail(400, 'Only 0 copies are left in this round');
      },
    });
    renderPage(<LaunchpadDetailPage />, url());
    await openSheet();
    fireEvent.click(screen.getByTestId('lp-confirm'));
    expect((await screen.findByTestId('lp-buy-error')).textContent).toBe(
      'Only 0 copies are left in this round',
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ copies: '1' });
    await waitFor(() => expect(text('lp-detail-state')).toBe('Sold out'));
    expect(calls.filter((c) => c.path === '/api/v1/launchpad/rounds/3' && c.method === 'GET')).toHaveLength(
      2,
    );
  });

  it('buy sheet: a purchase goes to its result page', async () => {
    const calls = server({
      'POST /api/v1/launchpad/rounds/3/buy': () =>
        ok({
          purchase: makePurchase({ id: '77' }),
          round: makeRound({ sold: 52, remaining: 148, my_copies: 3 }),
        }),
    });
    const { router } = renderPage(<LaunchpadDetailPage />, url());
    await openSheet();
    fireEvent.click(screen.getByTestId('lp-copies-plus'));
    fireEvent.click(screen.getByTestId('lp-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.launchpadResult));
    expect(router.state.location.search).toBe('?id=77');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ copies: '2' }]);
  });
});
