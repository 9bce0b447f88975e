import type { Withdrawal } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { flattenWithdrawals, useWithdrawals } from '@web/features/withdraw/api/get-withdraws.ts';
import { claiming } from '@web/features/withdraw/testing/claim-deps-mock.ts';
import {
  claimFake,
  claimRoutes,
  hash,
  makeClaim,
  makeWithdrawal,
  stubWithdrawPages,
  VAULT,
} from '@web/features/withdraw/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { loadBothPages, renderQueryHook } from '@web/test/query-hooks.tsx';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WithdrawalListPage from './WithdrawalListPage.tsx';

// The page runs the real claim flow against the fake server; only the wallet and chain are fakes.
vi.mock('@web/features/withdraw/claim/deps.ts', async (importOriginal) =>
  (await import('@web/features/withdraw/testing/claim-deps-mock.ts')).mockClaimDeps(importOriginal),
);

const pageOf = (list: Withdrawal[], page = 1, hasMore = false) =>
  ok({ list, total: list.length, page, size: 10, has_more: hasMore });

const inside = (item: HTMLElement, testId: string) =>
  item.querySelector(`[data-testid="${testId}"]`)?.textContent;

afterEach(async () => {
  claiming.current = null;
  await cleanupPage();
});

describe('withdrawal list paging', () => {
  it('asks page after page while has_more, each withdrawal once, with the status filter', async () => {
    const calls = stubApi({
      'GET /api/v1/withdraws': (url) =>
        url.searchParams.get('page') === '1'
          ? pageOf([makeWithdrawal({ withdraw_id: '3' }), makeWithdrawal({ withdraw_id: '2' })], 1, true)
          : pageOf([makeWithdrawal({ withdraw_id: '2' }), makeWithdrawal({ withdraw_id: '1' })], 2, false),
    });
    const { result } = renderQueryHook(() => useWithdrawals('Withdrawable'));
    await loadBothPages(result);
    expect(calls.map((c) => [c.query.get('page'), c.query.get('size'), c.query.get('status')])).toEqual([
      ['1', '10', 'Withdrawable'],
      ['2', '10', 'Withdrawable'],
    ]);
    expect(flattenWithdrawals(result.current.data?.pages).map((w) => w.withdraw_id)).toEqual(['3', '2', '1']);
  });
});

describe('withdrawal list page', () => {
  it('shows each withdrawal’s amount, asset, status and time, and opens its detail', async () => {
    stubWithdrawPages({
      'GET /api/v1/withdraws': () =>
        pageOf([
          makeWithdrawal({
            withdraw_id: '9',
            type: 2,
            asset: 'AGC',
            amount: '12.345678',
            received: '12.098765',
          }),
          makeWithdrawal({ withdraw_id: '8', status: 'Rejected', reason: 'Address under review' }),
        ]),
    });
    const { router } = renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    const agc = await screen.findByTestId('withdraw-item-9');
    expect(inside(agc, 'withdraw-item-amount')).toBe('12.3456 AGC');
    expect(inside(agc, 'withdraw-item-received')).toBe('12.0987 AGC'); // truncated, never rounded up;
    expect(inside(agc, 'withdraw-item-status')).toBe('Auditing');
    expect(inside(agc, 'withdraw-item-asset')).toBe('AGC · #9');
    expect(inside(agc, 'withdraw-item-time')).toMatch(/^2025-01-01|^\d{4}/);
    expect(agc.querySelector('[data-testid="withdraw-claim"]')).toBeNull(); // Auditing: nothing to claim
    const rejected = screen.getByTestId('withdraw-item-8');
    expect(inside(rejected, 'withdraw-item-status')).toBe('Rejected');
    expect(inside(rejected, 'withdraw-item-reason')).toBe('Address under review');
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
    fireEvent.click(agc.querySelector('[data-testid="withdraw-item-open"]') as HTMLElement);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/pages/withdrawal/detail?withdraw_id=9',
      ),
    );
  });

  it('filters by status with the tabs: All, Auditing, Withdrawable, Success, Rejected', async () => {
    const calls = stubWithdrawPages({
      'GET /api/v1/withdraws': () => pageOf([]),
    });
    renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('No Data Available');
    expect(
      ['all', 'Auditing', 'Withdrawable', 'Success', 'Rejected'].map(
        (k) => screen.getByTestId(`withdraw-tab-${k}`).textContent,
      ),
    ).toEqual(['All', 'Auditing', 'Withdrawable', 'Success', 'Rejected']);
    expect(calls.find((c) => c.path === '/api/v1/withdraws')?.query.get('status')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-tab-Withdrawable'));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('Withdrawable'));
    fireEvent.click(screen.getByTestId('withdraw-tab-Rejected'));
    await waitFor(() => expect(calls.at(-1)?.query.get('status')).toBe('Rejected'));
  });

  it('shows Load Failed with the server’s message and a retry', async () => {
    stubWithdrawPages({
      'GET /api/v1/withdraws': () => fail(500, 'Database unavailable'),
    });
    renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('Load Failed');
    expect(error.textContent).toContain('Database unavailable');
  });

  it('Claim sends the vault claim from the wallet, waits, follows it to Success and refreshes the lists and me', async () => {
    const approved = makeWithdrawal({
      withdraw_id: '7',
      status: 'Withdrawable',
      audited_at: '2025-01-01T01:00:00Z',
    });
    let current: Withdrawal = approved;
    let reads = 0;
    const routes: Record<string, ApiHandler> = {
      'GET /api/v1/withdraws': () => pageOf([current]),
      'GET /api/v1/withdraw/claim/7': () => ok(makeClaim(approved)),
      'GET /api/v1/withdraw/7': () => {
        // the chain watcher reads the Claimed event while the app follows the withdrawal
        reads += 1;
        if (reads >= 2)
          current = {
            ...approved,
            status: 'Success',
            claim_tx_hash: hash(1),
            claimed_at: '2025-01-01T02:00:00Z',
          };
        return ok(current);
      },
    };
    const calls = stubWithdrawPages(routes);
    claiming.current = claimFake();
    const { queryClient } = renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    queryClient.setQueryData(['me'], { stale: true });
    const item = await screen.findByTestId('withdraw-item-7');
    const button = item.querySelector('[data-testid="withdraw-claim"]') as HTMLButtonElement;
    expect(button.textContent).toBe('Claim');
    fireEvent.click(button);
    await waitFor(() =>
      expect(inside(screen.getByTestId('withdraw-item-7'), 'withdraw-item-status')).toBe('Success'),
    );
    expect(screen.getByTestId('withdraw-item-7').querySelector('[data-testid="withdraw-claim"]')).toBeNull();
    expect(claiming.current.log.filter((l) => !l.startsWith('sleep'))).toEqual([
      'account',
      'claim:7',
      'ensureChain',
      `send:${VAULT}`,
      `receipt:${hash(1)}`,
      'withdrawal:7',
      'withdrawal:7',
    ]);
    expect(calls.filter((c) => c.path === '/api/v1/withdraws').length).toBeGreaterThanOrEqual(2);
    expect(queryClient.getQueryState(['me'])?.isInvalidated).toBe(true);
    expect(screen.queryByTestId('withdraw-claim-error')).toBeNull();
  });

  it('a refusal in the wallet ends quietly; a failure shows its message; Claim can be pressed again', async () => {
    const approved = makeWithdrawal({ withdraw_id: '7', status: 'Withdrawable' });
    stubWithdrawPages({
      'GET /api/v1/withdraws': () => pageOf([approved]),
      ...claimRoutes(approved),
    });
    let code = 4001;
    claiming.current = claimFake({
      send: async () => {
        throw { code, message: 'nope' };
      },
    });
    renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    const button = () =>
      screen
        .getByTestId('withdraw-item-7')
        .querySelector('[data-testid="withdraw-claim"]') as HTMLButtonElement;
    await screen.findByTestId('withdraw-item-7');
    fireEvent.click(button());
    await waitFor(() => expect(button().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('withdraw-claim-error')).toBeNull();
    expect(claiming.current.log).toContain(`send:${VAULT}`);
    code = -32000;
    fireEvent.click(button());
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-claim-error').textContent).toBe('The claim failed'),
    );
    expect(button().textContent).toBe('Claim');
  });

  it('shows the server’s message when the claim is refused', async () => {
    const approved = makeWithdrawal({ withdraw_id: '7', status: 'Withdrawable' });
    stubWithdrawPages({
      'GET /api/v1/withdraws': () => pageOf([approved]),
      ...claimRoutes(approved, fail(400, 'This withdrawal has already been claimed')),
    });
    claiming.current = claimFake();
    renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    const item = await screen.findByTestId('withdraw-item-7');
    fireEvent.click(item.querySelector('[data-testid="withdraw-claim"]') as HTMLElement);
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-claim-error').textContent).toBe(
        'This withdrawal has already been claimed',
      ),
    );
    expect(claiming.current.log.some((l) => l.startsWith('send:'))).toBe(false);
  });

  it('a claim refused because the withdrawal is being revoked says so, and Claim is not offered again', async () => {
    const approved = makeWithdrawal({ withdraw_id: '7', status: 'Withdrawable' });
    const other = makeWithdrawal({ withdraw_id: '6', status: 'Withdrawable' });
    const calls = stubWithdrawPages({
      'GET /api/v1/withdraws': () => pageOf([approved, other]),
      ...claimRoutes(approved, fail(400, 'This withdrawal is being revoked', { reason: 'revoking' })),
      'GET /api/v1/withdraw/claim/6': () => fail(400, 'The vault cannot pay this claim right now'),
    });
    claiming.current = claimFake();
    renderPage(<WithdrawalListPage />, '/pages/withdrawal/list');
    const claimOf = (id: string) =>
      screen
        .getByTestId(`withdraw-item-${id}`)
        .querySelector('[data-testid="withdraw-claim"]') as HTMLButtonElement;
    await screen.findByTestId('withdraw-item-7');
    fireEvent.click(claimOf('7'));
    await waitFor(() =>
      expect(inside(screen.getByTestId('withdraw-item-7'), 'withdraw-claim-error')).toBe(
        'This withdrawal is being revoked',
      ),
    );
    expect(inside(screen.getByTestId('withdraw-item-7'), 'withdraw-claim-revoking')).toContain(
      'it shows as Rejected with the reason and the amount returns to your available balance',
    );
    expect(claimOf('7').disabled).toBe(true);
    expect(claimOf('7').dataset.revoking).toBe('true');
    fireEvent.click(claimOf('7'));
    const claims = () => calls.filter((c) => c.path.startsWith('/api/v1/withdraw/claim/')).map((c) => c.path);
    expect(claims()).toEqual(['/api/v1/withdraw/claim/7']);
    expect(claiming.current.log.some((l) => l.startsWith('send:'))).toBe(false);

    // Another withdrawal's refusal that a later attempt may overcome keeps its Claim, and this one stays blocked.
    fireEvent.click(claimOf('6'));
    await waitFor(() =>
      expect(inside(screen.getByTestId('withdraw-item-6'), 'withdraw-claim-error')).toBe(
        'The vault cannot pay this claim right now',
      ),
    );
    expect(claimOf('6').disabled).toBe(false);
    expect(claimOf('7').disabled).toBe(true);
    expect(inside(screen.getByTestId('withdraw-item-7'), 'withdraw-claim-error')).toBe(
      'This withdrawal is being revoked',
    );
    expect(claims()).toEqual(['/api/v1/withdraw/claim/7', '/api/v1/withdraw/claim/6']);
  });
});
