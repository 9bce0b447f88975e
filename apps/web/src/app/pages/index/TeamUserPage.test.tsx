import { formatTime, shortAddress, type TeamUser } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { MEMBER, makeMe } from '@web/test/fixtures.ts';
import { layOutElements } from '@web/test/layout.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import TeamUserPage from './TeamUserPage.tsx';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

const makeUser = (overrides: Partial<TeamUser> = {}): TeamUser => ({
  id: '10',
  address: A,
  level: 1,
  joined_at: '2025-01-02T08:30:00Z',
  inviter_address: MEMBER,
  relation: 'direct',
  sector: 'left',
  status: 'deactivated',
  investment: '0',
  ...overrides,
});

const pageOf = (list: TeamUser[], page = 1, hasMore = false) =>
  ok({ list, page, size: 20, has_more: hasMore });

const routes = (team: ApiHandler): Record<string, ApiHandler> => ({
  'GET /api/v1/me/team': team,
  'GET /api/v1/me': () =>
    ok(makeMe({ invited_count_all: 2, invited_count_valid: 1, team_size_all: 9, team_size_valid: 4 })),
});

const inside = (el: HTMLElement, id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent;
const teamCalls = (calls: { path: string; query: URLSearchParams }[]) =>
  calls.filter((c) => c.path === '/api/v1/me/team').map((c) => Object.fromEntries(c.query));

beforeEach(() => useAuthStore.getState().setToken('jwt'));
afterEach(cleanupPage);

describe('team_user page', () => {
  it('lists direct invitees first with every field of a team user', async () => {
    const calls = stubApi(
      routes(() =>
        pageOf([
          makeUser(),
          makeUser({
            id: '11',
            address: B,
            level: 5,
            inviter_address: A,
            relation: 'team',
            sector: 'right',
            status: 'active',
            investment: '1500.5',
          }),
        ]),
      ),
    );
    renderPage(<TeamUserPage />, '/pages/index/team_user');
    const first = await screen.findByTestId('team-user-10');
    expect(teamCalls(calls)).toEqual([{ scope: 'direct', page: '1', size: '20' }]);
    expect(inside(first, 'team-user-address')).toBe('0x1111111111...11111111');
    expect(inside(first, 'team-user-level')).toBe('V1'); // level 1 → list_vip0
    expect(inside(first, 'team-user-relation')).toBe('Direct');
    expect(inside(first, 'team-user-sector')).toBe('Left sector');
    expect(inside(first, 'team-user-status')).toBe('Deactivated');
    expect(inside(first, 'team-user-investment')).toBe('0.00 USDT');
    expect(inside(first, 'team-user-joined')).toBe(formatTime('2025-01-02T08:30:00Z'));
    expect(inside(first, 'team-user-inviter')).toBe(shortAddress(MEMBER));
    const second = screen.getByTestId('team-user-11');
    expect(inside(second, 'team-user-level')).toBe('V5'); // level 5 → list_vip4
    expect(inside(second, 'team-user-relation')).toBe('Team');
    expect(inside(second, 'team-user-sector')).toBe('Right sector');
    expect(inside(second, 'team-user-status')).toBe('Active');
    expect(inside(second, 'team-user-investment')).toBe('1,500.50 USDT');
    expect(inside(second, 'team-user-inviter')).toBe('0x1111111111...11111111');
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
    // The counts of the chosen scope, from GET me.
    expect(screen.getByTestId('team-summary-all').textContent).toBe('2');
    expect(screen.getByTestId('team-summary-valid').textContent).toBe('1');
  });

  it('shows level 0 (nothing invested) as no level, not V1', async () => {
    stubApi(routes(() => pageOf([makeUser({ level: 0 }), makeUser({ id: '11', address: B, level: 1 })])));
    renderPage(<TeamUserPage />, '/pages/index/team_user');
    expect(inside(await screen.findByTestId('team-user-10'), 'team-user-level')).toBe('No level');
    expect(inside(screen.getByTestId('team-user-11'), 'team-user-level')).toBe('V1');
  });

  it('asks the server with the chosen scope, sector and status', async () => {
    const calls = stubApi(routes(() => pageOf([])));
    renderPage(<TeamUserPage />, '/pages/index/team_user');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    fireEvent.click(screen.getByTestId('team-scope-team'));
    await waitFor(() => expect(teamCalls(calls).at(-1)).toEqual({ scope: 'team', page: '1', size: '20' }));
    await waitFor(() => expect(screen.getByTestId('team-summary-all').textContent).toBe('9'));
    expect(screen.getByTestId('team-summary-valid').textContent).toBe('4');
    fireEvent.click(screen.getByTestId('team-sector-left'));
    await waitFor(() =>
      expect(teamCalls(calls).at(-1)).toEqual({ scope: 'team', sector: 'left', page: '1', size: '20' }),
    );
    fireEvent.click(screen.getByTestId('team-status-deactivated'));
    await waitFor(() =>
      expect(teamCalls(calls).at(-1)).toEqual({
        scope: 'team',
        sector: 'left',
        status: 'deactivated',
        page: '1',
        size: '20',
      }),
    );
    fireEvent.click(screen.getByTestId('team-sector-all'));
    fireEvent.click(screen.getByTestId('team-status-active'));
    await waitFor(() =>
      expect(teamCalls(calls).at(-1)).toEqual({ scope: 'team', status: 'active', page: '1', size: '20' }),
    );
    expect(screen.getByTestId('team-status-active').getAttribute('aria-selected')).toBe('true');
  });

  it('team sizes are live: no date beside them', async () => {
    const me = { invited_count_all: 2, team_size_all: 9, team_size_valid: 4 };
    stubApi({
      ...routes(() => pageOf([])),
      'GET /api/v1/me': () => ok(makeMe({ ...me, team_counts_as_of: null })),
    });
    renderPage(<TeamUserPage />, '/pages/index/team_user');
    fireEvent.click(await screen.findByTestId('team-scope-team'));
    await waitFor(() => expect(screen.getByTestId('team-summary-all').textContent).toBe('9'));
    expect(screen.queryByTestId('team-summary-as-of')).toBeNull();
  });

  it('a team counted by the settlement only says as of which day', async () => {
    const me = { invited_count_all: 2, team_size_all: 9, team_size_valid: 4 };
    stubApi({
      ...routes(() => pageOf([])),
      'GET /api/v1/me': () => ok(makeMe({ ...me, team_counts_as_of: '2025-01-01' })),
    });
    renderPage(<TeamUserPage />, '/pages/index/team_user');
    // The direct invitees' counts are always live: no date there.
    await screen.findByTestId('team-summary-all');
    expect(screen.queryByTestId('team-summary-as-of')).toBeNull();
    fireEvent.click(screen.getByTestId('team-scope-team'));
    expect((await screen.findByTestId('team-summary-as-of')).textContent).toBe(
      'As of the daily settlement of 2025-01-01',
    );
  });

  it('loads the next page while has_more', async () => {
    const calls = stubApi(
      routes((url) =>
        url.searchParams.get('page') === '1'
          ? pageOf([makeUser({ id: '1' }), makeUser({ id: '2' })], 1, true)
          : pageOf([makeUser({ id: '2' }), makeUser({ id: '3' })], 2, false),
      ),
    );
    // The test DOM lays nothing out: give the list's end an offset parent so the scroll edge is "reached"
    const laidOut = layOutElements();
    renderPage(<TeamUserPage />, '/pages/index/team_user');
    expect(await screen.findByTestId('team-user-3')).toBeTruthy();
    laidOut.mockRestore();
    expect(screen.getAllByTestId(/^team-user-\d+$/).map((el) => el.dataset.testid)).toEqual([
      'team-user-1',
      'team-user-2',
      'team-user-3',
    ]);
    expect(teamCalls(calls).map((q) => q.page)).toEqual(['1', '2']);
    expect(await screen.findByTestId('list-no-more')).toBeTruthy();
  });

  it('shows Load Failed with a retry when the first page fails', async () => {
    let fails = true;
    stubApi(routes(() => (fails ? fail(500, 'Database unavailable') : pageOf([makeUser()]))));
    renderPage(<TeamUserPage />, '/pages/index/team_user');
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('Load Failed');
    fails = false;
    fireEvent.click(screen.getByText('Retry'));
    expect(await screen.findByTestId('team-user-10')).toBeTruthy();
  });
});
