import type { Incident } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { MEMBER, makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import IncidentsPage from './IncidentsPage.tsx';

const PATH = '/pages/admin/incidents';
const SLOW = { timeout: 3000 };
const ADMIN = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const INVITER = '0x90f79bf6eb2c4f870365e785982e1f101e93b906';
const OWN = 'You asked for this reversal: another admin must confirm it';
const can = { can: true, reason: null };
const cannot = (reason: string) => ({ can: false, reason });

afterEach(cleanupPage);

const incident = (over: Partial<Incident> = {}): Incident => ({
  id: '3',
  status: 'open',
  subject: 'shop_order',
  subject_id: '42',
  product: 'Starter',
  subject_status: 'Success',
  member: MEMBER,
  amount_usdt: '100',
  opened_at: '2026-11-20T08:00:00.000Z',
  tx_hash: `0x${'ab'.repeat(32)}`,
  block_number: '1234',
  touched: {
    postings: [
      { account: 'member.investment', holder: MEMBER, asset: 'USDT', amount: '100' },
      { account: 'member.available', holder: INVITER, asset: 'USDT', amount: '8' },
    ],
    team_volume: true,
  },
  needs_second_admin: true,
  reversal_requested_by: null,
  reversal_requested_at: null,
  resolved_by: null,
  resolved_at: null,
  reason: null,
  reversal: null,
  reverse: can,
  confirm: cannot('No reversal of this incident waits for a second admin'),
  cancel: cannot('No reversal of this incident waits for a second admin'),
  accept: can,
  ...over,
});

function server(list: () => Incident[], extra: Record<string, ApiHandler> = {}) {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ address: ADMIN, roles: ['admin'] })),
    'GET /api/v1/admin/incidents': (url) => {
      const status = url.searchParams.get('status') ?? 'open';
      const rows = list().filter((i) =>
        status === 'open' ? ['open', 'reversal_pending'].includes(i.status) : i.status === status,
      );
      return ok({ list: rows, total: rows.length, page: 1, size: 50, has_more: false });
    },
    ...extra,
  });
}
const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
const modalButton = (name: string) =>
  screen.findByText(name, { selector: '.adm-modal button, .adm-modal button *' }, SLOW);

describe('chain incidents page', () => {
  it('lists an open incident with what the payment touched', async () => {
    server(() => [incident()]);
    renderPage(<IncidentsPage />, PATH);
    const card = within(await screen.findByTestId('incident-3'));
    expect(card.getByTestId('incident-status').textContent).toBe('Open');
    expect(card.getByTestId('incident-subject').textContent).toContain('#42 · Starter · Success');
    expect(card.getByTestId('incident-amount').textContent).toContain('100');
    const postings = card.getAllByTestId('incident-posting').map((p) => p.textContent);
    expect(postings[0]).toContain('member.investment');
    expect(postings[0]).toContain('+100.00 USDT');
    expect(postings[1]).toContain('member.available');
    expect(card.getByTestId('incident-team-volume')).toBeTruthy();
    expect(card.getByTestId('incident-two-admins').textContent).toBe(
      'Above the two-approver amount: a reversal waits for a second admin.',
    );
    expect((card.getByTestId('incident-reverse') as HTMLButtonElement).disabled).toBe(false);
    expect((card.getByTestId('incident-accept') as HTMLButtonElement).disabled).toBe(false);
    expect(card.queryByTestId('incident-confirm')).toBeNull();
  });

  it('accept needs a reason: the message, no request; with one it asks, sends it, and the list is read again', async () => {
    let rows = [incident()];
    const calls = server(() => rows, {
      'POST /api/v1/admin/incidents/3/accept': (_u, body) => {
        rows = [
          incident({ status: 'accepted', reason: (body as { reason: string }).reason, resolved_by: ADMIN }),
        ];
        return ok(rows[0]);
      },
    });
    renderPage(<IncidentsPage />, PATH);
    const card = await screen.findByTestId('incident-3');
    fireEvent.click(within(card).getByTestId('incident-accept'));
    expect((await screen.findByTestId('incident-reason-required')).textContent).toBe(
      'Please write why the credit stands',
    );
    expect(posts(calls)).toEqual([]);
    fireEvent.change(
      within(card).getByTestId('incident-note').querySelector('textarea') as HTMLTextAreaElement,
      {
        target: { value: 'paid off-chain, receipt checked' },
      },
    );
    fireEvent.click(within(card).getByTestId('incident-accept'));
    expect(await screen.findByText('Accept this payment?', undefined, SLOW)).toBeTruthy();
    fireEvent.click(await modalButton('Accept'));
    expect(await screen.findByText('Incident #3 accepted', undefined, SLOW)).toBeTruthy();
    expect(posts(calls)).toEqual([
      ['/api/v1/admin/incidents/3/accept', { reason: 'paid off-chain, receipt checked' }],
    ]);
    await waitFor(() => expect(screen.queryByTestId('incident-3')).toBeNull());
  });

  it('a reversal waiting for a second admin: the admin who asked finds Confirm closed with the server’s reason', async () => {
    server(() => [
      incident({
        status: 'reversal_pending',
        reversal_requested_by: ADMIN,
        reversal_requested_at: '2026-11-20T09:00:00.000Z',
        reverse: cannot('A reversal of this incident already waits for a second admin: confirm or cancel it'),
        accept: cannot('A reversal of this incident already waits for a second admin: confirm or cancel it'),
        confirm: cannot(OWN),
        cancel: can,
      }),
    ]);
    renderPage(<IncidentsPage />, PATH);
    const card = within(await screen.findByTestId('incident-3'));
    expect(card.getByTestId('incident-status').textContent).toBe('Reversal waiting');
    expect(card.getByTestId('incident-requested').textContent).toContain('Reversal asked by');
    expect((card.getByTestId('incident-confirm') as HTMLButtonElement).disabled).toBe(true);
    expect(card.getByTestId('incident-confirm-reason').textContent).toBe(OWN);
    expect((card.getByTestId('incident-cancel') as HTMLButtonElement).disabled).toBe(false);
    expect(card.queryByTestId('incident-reverse')).toBeNull();
  });

  it('another admin confirms the reversal; the outcomes have tabs of their own', async () => {
    let rows = [
      incident({ status: 'reversal_pending', reversal_requested_by: INVITER, confirm: can, cancel: can }),
    ];
    const calls = server(() => rows, {
      'POST /api/v1/admin/incidents/3/confirm': () => {
        rows = [incident({ status: 'reversed', subject_status: 'Canceled', resolved_by: ADMIN })];
        return ok(rows[0]);
      },
    });
    renderPage(<IncidentsPage />, PATH);
    fireEvent.click(within(await screen.findByTestId('incident-3')).getByTestId('incident-confirm'));
    fireEvent.click(await modalButton('Confirm reversal'));
    expect(await screen.findByText('Incident #3 reversed', undefined, SLOW)).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/v1/admin/incidents/3/confirm', {}]]);
    await waitFor(() => expect(screen.queryByTestId('incident-3')).toBeNull());
    fireEvent.click(screen.getByTestId('incidents-tab-reversed'));
    const card = within(await screen.findByTestId('incident-3'));
    expect(card.getByTestId('incident-resolved').textContent).toContain('Reversed by');
    expect(card.queryByTestId('incident-confirm')).toBeNull();
  });
});
