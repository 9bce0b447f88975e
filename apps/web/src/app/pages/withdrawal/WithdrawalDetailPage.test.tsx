import { formatTime, shortAddress, type Withdrawal } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { claimProgressStore, useClaimProgressStore } from '@web/features/withdraw/stores/claim-progress.ts';
import { claiming } from '@web/features/withdraw/testing/claim-deps-mock.ts';
import {
  claimFake,
  claimRoutes,
  hash,
  MEMBER,
  makeClaim,
  makeWithdrawal,
  stubWithdrawPages,
  VAULT,
} from '@web/features/withdraw/testing/fixtures.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { fail, ok, renderPage } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WithdrawalDetailPage from './WithdrawalDetailPage.tsx';

// The page runs the real claim flow against the fake server; only the wallet and chain are fakes.
vi.mock('@web/features/withdraw/claim/deps.ts', async (importOriginal) =>
  (await import('@web/features/withdraw/testing/claim-deps-mock.ts')).mockClaimDeps(importOriginal),
);

const TX = `0x${'ab'.repeat(32)}`;
const field = (name: string) => screen.getByTestId(`withdraw-detail-${name}`).textContent;
const url = (id: string) => `/pages/withdrawal/detail?withdraw_id=${id}`;
/** Each named field shows its text. */
const expectFields = (expected: Record<string, string>) => expectTexts('withdraw-detail', expected);
/** The page of a withdrawal the server has (and nothing else to read), once shown. */
async function openDetail(w: Withdrawal) {
  stubWithdrawPages({ [`GET /api/v1/withdraw/${w.withdraw_id}`]: () => ok(w) });
  renderPage(<WithdrawalDetailPage />, url(w.withdraw_id));
  await screen.findByTestId('withdraw-detail');
}

afterEach(async () => {
  claiming.current = null;
  useClaimProgressStore.setState({ claimProgress: {} });
  await cleanupPage();
});

describe('withdrawal detail page', () => {
  it('shows the fields of a claimed withdrawal, with the explorer link of the claim; no voucher expiry', async () => {
    const w = makeWithdrawal({
      withdraw_id: '31',
      id: '31',
      type: 2,
      asset: 'AGC',
      amount: '1234.5',
      service_fee: '24.69',
      fee_rate: '2',
      received: '1209.81',
      status: 'Success',
      audited_at: '2025-01-01T01:00:00Z',
      voucher_deadline: '2025-01-01T02:00:00Z',
      claim_tx_hash: TX,
      claimed_at: '2025-01-01T01:30:00Z',
      explorer_url: `https://arbiscan.io/tx/${TX}`,
    });
    await openDetail(w);
    expectFields({
      withdraw_id: '31',
      asset: 'AGC',
      status: 'Success',
      amount: '1,234.50 AGC',
      service_fee: '24.69 AGC',
      fee_rate: '2%',
      received: '1,209.81 AGC',
      created_at: formatTime(w.created_at),
      audited_at: formatTime('2025-01-01T01:00:00Z'),
      claimed_at: formatTime('2025-01-01T01:30:00Z'),
    });
    // Claimed: when the voucher would have expired no longer matters.
    expect(screen.queryByTestId('withdraw-detail-voucher_deadline')).toBeNull();
    // The address: short on one line (no orphan characters), full in its title, with a copy button.
    const address = screen.getByTestId('withdraw-detail-address');
    expect(address.querySelector('.address')?.getAttribute('data-address')).toBe(MEMBER);
    expect(address.querySelector('[aria-hidden="true"]')?.textContent).toBe(shortAddress(MEMBER));
    expect(address.querySelector('[title]')?.getAttribute('title')).toBe(MEMBER);
    expect(address.querySelector('button')?.getAttribute('aria-label')).toBe('Copy the full address');
    const link = screen.getByTestId('withdraw-detail-claim_tx_hash').querySelector('a');
    expect(link?.getAttribute('href')).toBe(`https://arbiscan.io/tx/${TX}`);
    expect(link?.getAttribute('title')).toBe(TX);
    expect(screen.queryByTestId('withdraw-detail-reason')).toBeNull();
    expect(screen.queryByTestId('withdraw-claim')).toBeNull();
  });

  it('shows the voucher expiry while the withdrawal can be claimed', async () => {
    await openDetail(
      makeWithdrawal({
        withdraw_id: '6',
        status: 'Withdrawable',
        audited_at: '2025-01-01T01:00:00Z',
        voucher_deadline: '2025-01-02T01:00:00Z',
      }),
    );
    expectFields({ voucher_deadline: formatTime('2025-01-02T01:00:00Z') });
    expect(screen.queryByTestId('withdraw-detail-claimed_at')).toBeNull();
  });

  it('a rejected withdrawal shows the reason; what did not happen has no row', async () => {
    await openDetail(
      makeWithdrawal({
        withdraw_id: '5',
        status: 'Rejected',
        reason: 'Address under review',
        audited_at: '2025-01-01T01:00:00Z',
      }),
    );
    expectFields({ status: 'Rejected', reason: 'Address under review' });
    for (const f of ['voucher_deadline', 'claim_tx_hash', 'claimed_at'])
      expect(screen.queryByTestId(`withdraw-detail-${f}`), f).toBeNull();
    expect(screen.queryByTestId('withdraw-claim')).toBeNull();
  });

  it('an Auditing withdrawal says it is being audited, with no Claim', async () => {
    await openDetail(makeWithdrawal());
    expect(screen.getByTestId('withdraw-auditing-hint').textContent).toContain('being audited');
    expect(screen.queryByTestId('withdraw-claim')).toBeNull();
  });

  it('Claim on a Withdrawable one sends the claim and shows Success with the claim transaction', async () => {
    const approved = makeWithdrawal({ status: 'Withdrawable', audited_at: '2025-01-01T01:00:00Z' });
    let current: Withdrawal = approved;
    stubWithdrawPages({
      'GET /api/v1/withdraw/claim/7': () => {
        current = { ...approved, voucher_deadline: '2025-01-01T03:00:00Z' };
        return ok(makeClaim(approved));
      },
      'GET /api/v1/withdraw/7': () => {
        const answer = current;
        // the watcher has seen the Claimed event by the next read after the receipt
        if (current.voucher_deadline)
          current = {
            ...current,
            status: 'Success',
            claim_tx_hash: hash(1),
            claimed_at: '2025-01-01T02:00:00Z',
            explorer_url: `https://arbiscan.io/tx/${hash(1)}`,
          };
        return ok(answer);
      },
    });
    claiming.current = claimFake();
    const { queryClient } = renderPage(<WithdrawalDetailPage />, url('7'));
    queryClient.setQueryData(['me'], { stale: true });
    fireEvent.click(await screen.findByTestId('withdraw-claim'));
    await waitFor(() => expect(field('status')).toBe('Success'));
    expect(field('claim_tx_hash')).toBe(`${hash(1).slice(0, 16)}...${hash(1).slice(-4)}`);
    expect(screen.queryByTestId('withdraw-claim')).toBeNull();
    expect(claiming.current.log).toContain(`send:${VAULT}`);
    expect(queryClient.getQueryState(['me'])?.isInvalidated).toBe(true);
  });

  it('shows a failed claim’s message and keeps Claim', async () => {
    const approved = makeWithdrawal({ status: 'Withdrawable' });
    stubWithdrawPages({
      ...claimRoutes(approved, fail(400, 'This withdrawal cannot be claimed yet')),
    });
    claiming.current = claimFake();
    renderPage(<WithdrawalDetailPage />, url('7'));
    fireEvent.click(await screen.findByTestId('withdraw-claim'));
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-claim-error').textContent).toBe(
        'This withdrawal cannot be claimed yet',
      ),
    );
    expect(screen.getByTestId('withdraw-claim').hasAttribute('disabled')).toBe(false);
  });

  it('a withdrawal being revoked: the message, no Claim to retry, and Rejected with the reason once the chain confirms', async () => {
    const approved = makeWithdrawal({ status: 'Withdrawable' });
    let reads = 0;
    const calls = stubWithdrawPages({
      // read when the page opens, again after the refusal; the poll then sees the cancellation confirmed
      'GET /api/v1/withdraw/7': () =>
        ok(++reads > 2 ? { ...approved, status: 'Rejected', reason: 'Wallet reported stolen' } : approved),
      'GET /api/v1/withdraw/claim/7': () =>
        fail(400, 'This withdrawal is being revoked', { reason: 'revoking' }),
    });
    claiming.current = claimFake();
    renderPage(<WithdrawalDetailPage />, url('7'));
    fireEvent.click(await screen.findByTestId('withdraw-claim'));
    await waitFor(() =>
      expect(screen.getByTestId('withdraw-claim-error').textContent).toBe('This withdrawal is being revoked'),
    );
    expect(screen.getByTestId('withdraw-claim-revoking')).toBeTruthy();
    expect(screen.getByTestId('withdraw-claim').hasAttribute('disabled')).toBe(true);
    expect(field('status')).toBe('Withdrawable');
    await waitFor(() => expect(field('status')).toBe('Rejected'), { timeout: 8000 });
    expect(field('reason')).toBe('Wallet reported stolen');
    expect(screen.queryByTestId('withdraw-claim')).toBeNull();
    expect(screen.queryByTestId('withdraw-claim-error')).toBeNull();
    expect(screen.queryByTestId('withdraw-claim-revoking')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/v1/withdraw/claim/7')).toHaveLength(1);
  }, 12_000);

  it('a claim sent earlier from this browser is waited for, not sent again', async () => {
    useClaimProgressStore.setState({ claimProgress: { '7': hash(5) } });
    const approved = makeWithdrawal({ status: 'Withdrawable' });
    let reads = 0;
    stubWithdrawPages({
      'GET /api/v1/withdraw/7': () =>
        ok(++reads > 1 ? { ...approved, status: 'Success', claim_tx_hash: hash(5) } : approved),
    });
    const fake = claimFake();
    fake.deps.progress = claimProgressStore; // the page reads the same persisted store
    claiming.current = fake;
    renderPage(<WithdrawalDetailPage />, url('7'));
    expect((await screen.findByTestId('withdraw-claim-sent')).textContent).toContain('waiting for the chain');
    fireEvent.click(screen.getByTestId('withdraw-claim'));
    await waitFor(() => expect(field('status')).toBe('Success'));
    expect(fake.log.filter((l) => l.startsWith('send:'))).toEqual([]);
    expect(fake.log[0]).toBe(`receipt:${hash(5)}`);
    expect(useClaimProgressStore.getState().claimProgress).toEqual({});
  });

  it('not found for a malformed id (nothing asked) and for a 404; Load Failed with a retry otherwise', async () => {
    const calls = stubWithdrawPages({
      'GET /api/v1/withdraw/8': () => fail(404, 'Withdrawal not found'),
      'GET /api/v1/withdraw/9': () => fail(500, 'Database unavailable'),
    });
    const first = renderPage(<WithdrawalDetailPage />, url('abc'));
    expect((await screen.findByTestId('withdraw-not-found')).textContent).toContain('Withdrawal not found');
    expect(calls.filter((c) => c.path.startsWith('/api/v1/withdraw/'))).toEqual([]);
    first.unmount();
    const second = renderPage(<WithdrawalDetailPage />, url('8'));
    expect(await screen.findByTestId('withdraw-not-found')).toBeTruthy();
    second.unmount();
    renderPage(<WithdrawalDetailPage />, url('9'));
    const error = await screen.findByTestId('withdraw-error');
    expect(error.textContent).toContain('Load Failed');
    expect(error.textContent).toContain('Database unavailable');
  });
});
