import type { AdminPorSnapshot, PorSnapshotStatus, Solvency, SolvencyAsset } from '@agc/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SNAPSHOT_POLL_MS } from '@web/features/proofs-admin/api/get-admin-snapshots.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, CONFIG, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { expectTexts } from '@web/test/texts.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProofsAdminPage from './ProofsAdminPage.tsx';

const PATH = '/pages/admin/proofs';
const SLOW = { timeout: 3000 };
const TX = `0x${'cd'.repeat(32)}`;
const ROOT = `0x${'ef'.repeat(32)}`;
const BUILDING = 'A snapshot is being built; try again when it is done';

afterEach(async () => {
  vi.useRealTimers();
  await cleanupPage();
});

/** A snapshot as GET /admin/por/snapshots gives it: balanced, published, unless told otherwise. */
const snapshot = (
  id: number,
  status: PorSnapshotStatus,
  over: Partial<AdminPorSnapshot> = {},
): AdminPorSnapshot => ({
  snapshot_id: id,
  day: '2026-11-24',
  status,
  requested_by: null,
  as_of: '2026-11-25T00:05:00.000Z',
  built_at: '2026-11-25T00:05:02.000Z',
  build_ms: 1800,
  members: 1234,
  size: 2048,
  root_hash: ROOT,
  total_usdt: '7000',
  total_agc: '100',
  solvency_usdt: '7000',
  solvency_agc: '100',
  reserves_usdt: '9000',
  reserves_agc: '250',
  reserves_block: '5678',
  tx_hash: null,
  sends: 0,
  published_block: null,
  published_at: null,
  error: null,
  created_at: '2026-11-25T00:05:00.000Z',
  ...over,
});

const SNAPSHOTS: AdminPorSnapshot[] = [
  snapshot(7, 'building', {
    day: null,
    requested_by: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
    members: null,
    size: null,
    root_hash: null,
    total_usdt: null,
    total_agc: null,
    solvency_usdt: null,
    solvency_agc: null,
    reserves_usdt: null,
    reserves_agc: null,
    reserves_block: null,
    as_of: null,
    built_at: null,
    build_ms: null,
  }),
  snapshot(6, 'built'),
  snapshot(5, 'publishing', { tx_hash: TX, sends: 1 }),
  snapshot(4, 'published', {
    tx_hash: TX,
    sends: 2,
    published_block: '5690',
    published_at: '2026-11-25T00:07:00.000Z',
  }),
  snapshot(3, 'failed', {
    tx_hash: TX,
    sends: 1,
    error: 'the attestation contract refused the publication: paused',
  }),
  snapshot(2, 'unbalanced', {
    total_usdt: '6999.999999',
    error: 'USDT: the tree holds 6999999999 and the solvency view 7000000000; a member amount is negative',
  }),
  snapshot(1, 'conflict', { tx_hash: TX, sends: 1, error: 'the attestation contract holds another root' }),
];

const asset = (name: 'USDT' | 'AGC', covered: boolean): SolvencyAsset => ({
  asset: name,
  decimals: name === 'USDT' ? 6 : 18,
  assets: '4000',
  holders: [{ key: 'vault', address: '0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0', amount: '4000' }],
  liabilities: '7000',
  coverage_bp: '5714',
  buckets: [],
  due_72h: covered ? '3000' : '5955',
  covered_72h: covered,
  shortfall_72h: covered ? '0' : '1955',
});
const solvency = (usdtCovered: boolean): Solvency => ({
  block: { number: '1234', hash: '0xabc', time: '2026-11-25T03:00:00.000Z' },
  as_of: '2026-11-25T03:00:01.000Z',
  assets: [asset('USDT', usdtCovered), asset('AGC', true)],
  warning: !usdtCovered,
});

function server(
  roles: ('admin' | 'auditor' | 'analyst')[],
  { list = () => SNAPSHOTS, covered = true, extra = {} as Record<string, ApiHandler> } = {},
) {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ roles })),
    'GET /api/v1/config': () => ok(CONFIG),
    'GET /api/v1/admin/solvency': () => ok(solvency(covered)),
    'GET /api/v1/admin/por/snapshots': (url) => {
      const rows = list();
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('size') ?? '30');
      const slice = rows.slice((page - 1) * size, page * size);
      return ok({ list: slice, total: rows.length, page, size, has_more: page * size < rows.length });
    },
    ...extra,
  });
}
const posts = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => c.path);
const modalButton = (name: string) =>
  screen.findByText(name, { selector: '.adm-modal button, .adm-modal button *' }, SLOW);

describe('proof-of-liabilities snapshots page', () => {
  it('lists every status newest first, each with its words, figures, attestation and reasons', async () => {
    server(['auditor']);
    renderPage(<ProofsAdminPage />, PATH);
    await screen.findByTestId('por-snapshot-7');
    const ids = screen.getAllByTestId(/^por-snapshot-\d+$/).map((el) => el.getAttribute('data-testid'));
    expect(ids).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `por-snapshot-${i}`));
    const status = (id: number) => screen.getByTestId(`por-snapshot-${id}-status`);
    expect([7, 6, 5, 4, 3, 2, 1].map((id) => status(id).textContent)).toEqual([
      'Building',
      'Built, not sent',
      'Publishing',
      'Published',
      'Publication failed',
      'Does not balance',
      'Conflict on chain',
    ]);
    // Each in its colour class: under way, waiting, done, wrong.
    expect(status(5).className).toContain('status-tag--por-publishing');
    expect(status(4).className).toContain('status-tag--por-published');
    expect(status(2).className).toContain('status-tag--por-unbalanced');

    const building = within(screen.getByTestId('por-snapshot-7'));
    expect(building.getByTestId('por-snapshot-7-day').textContent).toBe('Taken on request');
    expect(building.queryByTestId('por-snapshot-7-usdt')).toBeNull();
    expect(building.queryByTestId('por-snapshot-7-root')).toBeNull();

    const publishedCard = screen.getByTestId('por-snapshot-4');
    const published = within(publishedCard);
    expectTexts(
      'por-snapshot-4',
      {
        day: '2026-11-24',
        members: '1,234',
        'usdt-total': '7,000.00 USDT',
        'usdt-solvency': '7,000.00 USDT',
        'usdt-reserves': '9,000.00 USDT',
        'agc-reserves': '250.00 AGC',
        'reserves-block': '5678',
      },
      publishedCard,
    );
    expect(published.queryByTestId('por-snapshot-4-usdt-mismatch')).toBeNull();
    const tx = published.getByTestId('por-snapshot-4-tx') as HTMLAnchorElement;
    expect(tx.href).toBe(`https://arbiscan.io/tx/${TX}`);
    expect(tx.title).toBe(TX);
    expect(published.getByTestId('por-snapshot-4-sends').textContent).toBe('2');
    expect(published.getByTestId('por-snapshot-4-published').textContent).toContain('block 5690');

    const unbalanced = within(screen.getByTestId('por-snapshot-2'));
    // Where the two differ, every digit (6,999.9999 would hide most of the difference).
    expect(unbalanced.getByTestId('por-snapshot-2-usdt-total').textContent).toBe('6,999.999999 USDT');
    expect(unbalanced.getByTestId('por-snapshot-2-usdt-solvency').textContent).toBe('7,000.00 USDT');
    expect(unbalanced.getByTestId('por-snapshot-2-usdt-mismatch').textContent).toBe(
      "The tree's total differs from the solvency view.",
    );
    expect(unbalanced.queryByTestId('por-snapshot-2-agc-mismatch')).toBeNull();
    const reasons = unbalanced.getByTestId('por-snapshot-2-reasons');
    expect(reasons.textContent).toContain('Why it does not balance');
    expect([...reasons.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'USDT: the tree holds 6999999999 and the solvency view 7000000000',
      'a member amount is negative',
    ]);
    expect(screen.getByTestId('por-snapshot-3-reasons').textContent).toContain('paused');
  });

  it('an auditor reads the list only: no Take a snapshot, no Re-publish', async () => {
    server(['auditor']);
    renderPage(<ProofsAdminPage />, PATH);
    await screen.findByTestId('por-snapshot-3');
    // Wait for /me: the buttons depend on its roles.
    await waitFor(() => expect(screen.getByTestId('por-admin-covered')).toBeTruthy());
    expect(screen.queryByTestId('por-admin-take')).toBeNull();
    expect(screen.queryByTestId('por-snapshot-3-republish')).toBeNull();
  });

  it('an admin has Take a snapshot, and Re-publish on the failed one only', async () => {
    server(['admin']);
    renderPage(<ProofsAdminPage />, PATH);
    expect(await screen.findByTestId('por-admin-take', undefined, SLOW)).toBeTruthy();
    const withButton = screen
      .getAllByTestId(/^por-snapshot-\d+-republish$/)
      .map((el) => el.getAttribute('data-testid'));
    expect(withButton).toEqual(['por-snapshot-3-republish']);
  });

  it('Take a snapshot asks first; Cancel sends nothing; the 409 while one is building is shown', async () => {
    const calls = server(['admin'], {
      extra: { 'POST /api/v1/admin/por/snapshots': () => fail(409, BUILDING) },
    });
    renderPage(<ProofsAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('por-admin-take', undefined, SLOW));
    expect(await screen.findByText('Take a snapshot now?', undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByText('Take a snapshot now?')).toBeNull());
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('por-admin-take'));
    fireEvent.click(await modalButton('Take a snapshot now'));
    expect(await screen.findByText(BUILDING, undefined, SLOW)).toBeTruthy();
    expect(posts(calls)).toEqual(['/api/v1/admin/por/snapshots']);
  });

  it('Take a snapshot: the new one is said and the list read again', async () => {
    let rows = SNAPSHOTS.slice(1);
    const calls = server(['admin'], {
      list: () => rows,
      extra: {
        'POST /api/v1/admin/por/snapshots': () => {
          const taken = snapshot(8, 'publishing', { day: null, tx_hash: TX, sends: 1 });
          rows = [taken, ...rows];
          return ok(taken);
        },
      },
    });
    renderPage(<ProofsAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('por-admin-take', undefined, SLOW));
    fireEvent.click(await modalButton('Take a snapshot now'));
    expect(await screen.findByText('Snapshot #8: Publishing', undefined, SLOW)).toBeTruthy();
    expect(await screen.findByTestId('por-snapshot-8', undefined, SLOW)).toBeTruthy();
    expect(posts(calls)).toEqual(['/api/v1/admin/por/snapshots']);
  });

  it('Re-publish asks first, sends the failed snapshot again and shows its new status', async () => {
    let rows = SNAPSHOTS;
    const calls = server(['admin'], {
      list: () => rows,
      extra: {
        'POST /api/v1/admin/por/snapshots/3/publish': () => {
          const again = snapshot(3, 'publishing', { tx_hash: TX, sends: 2 });
          rows = rows.map((s) => (s.snapshot_id === 3 ? again : s));
          return ok(again);
        },
      },
    });
    renderPage(<ProofsAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('por-snapshot-3-republish', undefined, SLOW));
    expect(await screen.findByText('Re-publish snapshot #3?', undefined, SLOW)).toBeTruthy();
    fireEvent.click(await modalButton('Re-publish'));
    expect(await screen.findByText('Snapshot #3: Publishing', undefined, SLOW)).toBeTruthy();
    expect(posts(calls)).toEqual(['/api/v1/admin/por/snapshots/3/publish']);
    await waitFor(() => expect(screen.getByTestId('por-snapshot-3-status').textContent).toBe('Publishing'));
    expect(screen.queryByTestId('por-snapshot-3-republish')).toBeNull();
  });

  it('reads the list again every 10 s while a snapshot is being built or published, and stops when none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let rows = [snapshot(5, 'publishing', { tx_hash: TX, sends: 1 })];
    const calls = server(['auditor'], { list: () => rows });
    const reads = () => calls.filter((c) => c.path === '/api/v1/admin/por/snapshots').length;
    renderPage(<ProofsAdminPage />, PATH);
    expect((await screen.findByTestId('por-snapshot-5-status')).textContent).toBe('Publishing');
    expect(reads()).toBe(1);
    rows = [
      snapshot(5, 'published', {
        tx_hash: TX,
        sends: 1,
        published_block: '5690',
        published_at: '2026-11-25T00:07:00.000Z',
      }),
    ];
    await act(() => vi.advanceTimersByTimeAsync(SNAPSHOT_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('por-snapshot-5-status').textContent).toBe('Published'));
    expect(reads()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(3 * SNAPSHOT_POLL_MS));
    expect(reads()).toBe(2);
  });

  it('alerts when the next 72 hours are not covered for a token, as the solvency page does', async () => {
    server(['analyst'], { covered: false });
    renderPage(<ProofsAdminPage />, PATH);
    const alert = await screen.findByTestId('solvency-usdt-warning', undefined, SLOW);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(
      'Not covered: the treasury holds less USDT than members can withdraw within 72 hours (1,955.00 USDT short).',
    );
    expect(screen.queryByTestId('solvency-agc-warning')).toBeNull();
    expect(screen.queryByTestId('por-admin-covered')).toBeNull();
    expect(screen.getByTestId('por-admin-solvency-link').textContent).toBe('Open the solvency view');
  });

  it('pages like the other admin lists: page 1 of 20 first, No More Data at the end', async () => {
    const calls = server(['auditor']);
    renderPage(<ProofsAdminPage />, PATH);
    await screen.findByTestId('por-snapshot-7');
    const read = calls.find((c) => c.path === '/api/v1/admin/por/snapshots');
    expect([read?.query.get('page'), read?.query.get('size')]).toEqual(['1', '20']);
    expect(screen.getByTestId('list-no-more').textContent).toBe('No More Data');
  });
});
