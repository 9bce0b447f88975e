import { type AdminWithdrawal, shortAddress, type WithdrawStatus } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeAdminWithdrawal } from '@web/features/withdraw/testing/fixtures.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { MEMBER, NOW } from '@web/test/fixtures.ts';
import { type ApiCall, type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import AuditPage from './AuditPage.tsx';

const PATH = '/pages/admin/audit';
const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

/** The audit tests' withdrawal: #12, 100 USDT at a 5 % fee. */
const makeWithdrawal = (overrides: Partial<AdminWithdrawal> = {}) =>
  makeAdminWithdrawal({ withdraw_id: '12', service_fee: '5', fee_rate: '5', received: '95', ...overrides });

const page = (list: AdminWithdrawal[]) =>
  ok({ list, total: list.length, page: 1, size: 20, has_more: false });

/** The auditor using the page (the session's wallet, the server's actor). */
const ADMIN = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
const REVOKE_TX = `0x${'cd'.repeat(32)}`;
const OWN = 'You cannot approve your own withdrawal';
const SECOND = 'A second, different approver must approve this withdrawal';

/**
 * A fake audit server holding withdrawals: the list filters by status, type and address like the
 * real one and answers each row's `approve` ability for the actor; approve / reject / bulk approve /
 * revoke move them with the real rules (two different approvers for a `needs_second_approval` amount,
 * nobody approves their own) and refuse what is no longer Auditing (Withdrawable for revoke). `actor`
 * is the admin the server sees.
 */
function fakeServer(initial: AdminWithdrawal[], overrides: Record<string, ApiHandler> = {}) {
  const rows = new Map(initial.map((w) => [w.withdraw_id, { ...w }]));
  const server = { actor: ADMIN };
  const audited = () => new Date(NOW + 60_000).toISOString();
  const decide = (id: string, change: Partial<AdminWithdrawal>) => {
    const row = rows.get(id);
    if (!row) return fail(404, 'Withdrawal not found');
    if (row.status !== 'Auditing') return fail(400, 'This withdrawal has already been audited');
    Object.assign(row, change, { audited_at: audited() });
    return ok(row);
  };
  /** Why the actor may not approve it (status and message), or null. */
  const refusal = (row: AdminWithdrawal): { code: number; msg: string } | null => {
    if (row.address === server.actor) return { code: 403, msg: OWN };
    if (row.needs_second_approval && row.first_approved_by === server.actor)
      return { code: 400, msg: SECOND };
    return null;
  };
  /** What one approval by the actor does: 'approve', 'first', or the refusal. */
  const approval = (row: AdminWithdrawal) => {
    const refused = refusal(row);
    if (refused) return fail(refused.code, refused.msg);
    if (row.needs_second_approval && row.first_approved_by === null) return 'first' as const;
    return 'approve' as const;
  };
  const withAbility = (row: AdminWithdrawal): AdminWithdrawal => {
    const refused =
      row.status === 'Auditing'
        ? refusal(row)
        : { code: 400, msg: 'This withdrawal has already been audited' };
    return { ...row, approve: refused ? { can: false, reason: refused.msg } : { can: true, reason: null } };
  };
  const routes: Record<string, ApiHandler> = {
    'GET /api/v1/admin/withdraws': (url) => {
      const status = (url.searchParams.get('status') ?? 'Auditing') as WithdrawStatus;
      const type = url.searchParams.get('type');
      const address = url.searchParams.get('address');
      return page(
        [...rows.values()]
          .filter(
            (w) =>
              w.status === status &&
              (type === null || String(w.type) === type) &&
              (address === null || w.address === address),
          )
          .map(withAbility),
      );
    },
    'POST /api/v1/admin/withdraws/approve': (_url, body) => {
      const { ids } = body as { ids: string[] };
      const approved: string[] = [];
      const awaiting_second: string[] = [];
      const skipped: string[] = [];
      for (const id of ids) {
        const row = rows.get(id);
        const a = row?.status === 'Auditing' ? approval(row) : null;
        if (row && a === 'approve') {
          row.status = 'Withdrawable';
          approved.push(id);
        } else if (row && a === 'first') {
          row.first_approved_by = server.actor;
          awaiting_second.push(id);
        } else skipped.push(id);
      }
      return ok({ approved, awaiting_second, skipped });
    },
  };
  for (const [id, row] of rows) {
    routes[`POST /api/v1/admin/withdraws/${id}/approve`] = (_url, body) => {
      const note = (body as { note?: string }).note ?? null;
      if (row.status !== 'Auditing') return decide(id, {});
      const a = approval(row);
      if (a === 'first') return decide(id, { first_approved_by: server.actor, audit_note: note });
      if (a === 'approve') return decide(id, { status: 'Withdrawable', audit_note: note });
      return a;
    };
    routes[`POST /api/v1/admin/withdraws/${id}/reject`] = (_url, body) =>
      decide(id, { status: 'Rejected', reason: (body as { reason: string }).reason });
    routes[`POST /api/v1/admin/withdraws/${id}/revoke`] = () => {
      if (row.status !== 'Withdrawable')
        return fail(400, 'Only an approved withdrawal that has not been claimed can be revoked');
      if (row.revoke_requested_at) return fail(400, 'This withdrawal is being revoked');
      Object.assign(row, { revoke_requested_at: audited(), revoke_tx_hash: REVOKE_TX });
      return ok(row);
    };
  }
  Object.assign(routes, overrides);
  return { calls: stubApi(routes), rows, server };
}

const lists = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/v1/admin/withdraws');
const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST');
/** The antd-mobile dialog (its body, which carries the app's dialog classes) a confirmation is shown in. */
const dialogOf = (content: HTMLElement) => {
  const body = content.closest<HTMLElement>('.adm-modal-body');
  if (!body) throw new Error('not inside a dialog');
  return body;
};
const inside = (item: HTMLElement, testId: string) => within(item).getByTestId(testId).textContent;
const noteOf = (item: HTMLElement) =>
  within(item).getByTestId('withdraw-audit-note').querySelector('textarea') as HTMLTextAreaElement;
/** Confirms the open dialog and waits until it has gone (its closing animation keeps it in the page a moment). */
const confirmOk = async () => {
  fireEvent.click(await screen.findByTestId('withdraw-audit-confirm-ok'));
  await waitFor(() => expect(screen.queryByTestId('withdraw-audit-confirm-ok')).toBeNull());
};

/** A blank reason for `action`: the required `message` under the field, no dialog, nothing sent. */
async function expectReasonRequired(
  calls: ApiCall[],
  item: HTMLElement,
  action: 'reject' | 'revoke',
  message: string,
) {
  fireEvent.change(noteOf(item), { target: { value: '   ' } });
  fireEvent.click(within(item).getByTestId(`withdraw-audit-${action}`));
  expect(inside(item, 'withdraw-audit-reason-required')).toBe(message);
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.queryByTestId('withdraw-audit-confirm')).toBeNull();
  expect(posts(calls)).toEqual([]);
}

/** Types `reason` (the required message goes) and presses `action`: its confirmation opens. */
async function confirmWithReason(item: HTMLElement, action: 'reject' | 'revoke', reason: string) {
  fireEvent.change(noteOf(item), { target: { value: reason } });
  expect(within(item).queryByTestId('withdraw-audit-reason-required')).toBeNull();
  fireEvent.click(within(item).getByTestId(`withdraw-audit-${action}`));
  const confirm = await screen.findByTestId('withdraw-audit-confirm');
  expect(confirm.dataset.action).toBe(action);
  return confirm;
}

afterEach(async () => {
  useWalletStore.getState().disconnect();
  await cleanupPage();
});
/** The session's wallet is the auditor's. */
const signInAs = (address: string) => useWalletStore.getState().setAccount(address);
const toastText = (text: string) => screen.findByText(text, undefined, { timeout: 3000 });

describe('withdrawal audit page', () => {
  it('lists Auditing withdrawals by default with every figure, exact to the asset decimals', async () => {
    const { calls } = fakeServer([
      makeWithdrawal(),
      makeWithdrawal({
        withdraw_id: '13',
        type: 2,
        asset: 'AGC',
        amount: '12.123456789012345678',
        service_fee: '0.606172839450617283',
        received: '11.517283949561728395',
        member_available: '1000',
        address: OTHER,
      }),
    ]);
    renderPage(<AuditPage />, PATH);
    const usdt = await screen.findByTestId('withdraw-audit-item-12');
    expect(lists(calls)[0]?.query.get('status')).toBe('Auditing');
    expect(usdt.dataset.status).toBe('Auditing');
    // The address in its short form (no mid-string wrap), the full one in its title and copy button.
    const address = within(usdt).getByTestId('withdraw-audit-address-value');
    expect(address.querySelector('[aria-hidden="true"]')?.textContent).toBe(shortAddress(MEMBER));
    expect(address.querySelector('.address')?.getAttribute('data-address')).toBe(MEMBER);
    expect(within(address).getByTitle(MEMBER)).toBeTruthy();
    expect(within(address).getByRole('button', { name: 'Copy the full address' })).toBeTruthy();
    expect(inside(usdt, 'withdraw-audit-asset')).toBe('USDT');
    expect(inside(usdt, 'withdraw-audit-amount')).toBe('100.00 USDT');
    expect(inside(usdt, 'withdraw-audit-fee')).toBe('5.00 USDT');
    expect(within(usdt).getByText('Service fee (5%)')).toBeTruthy();
    expect(inside(usdt, 'withdraw-audit-received')).toBe('95.00 USDT');
    expect(inside(usdt, 'withdraw-audit-available')).toBe('250.50 USDT');
    expect(inside(usdt, 'withdraw-audit-created')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(inside(usdt, 'withdraw-audit-status')).toBe('Auditing');
    const agc = screen.getByTestId('withdraw-audit-item-13');
    // Every decimal: the auditor approves exactly what the vault will pay.
    expect(inside(agc, 'withdraw-audit-amount')).toBe('12.123456789012345678 AGC');
    expect(inside(agc, 'withdraw-audit-received')).toBe('11.517283949561728395 AGC');
    expect(inside(agc, 'withdraw-audit-available')).toBe('1,000.00 AGC');
  });

  it('Approve asks first (Cancel sends nothing), sends the optional note, then reloads the list', async () => {
    const { calls } = fakeServer([makeWithdrawal(), makeWithdrawal({ withdraw_id: '14' })]);
    renderPage(<AuditPage />, PATH);
    const item = await screen.findByTestId('withdraw-audit-item-12');
    fireEvent.click(within(item).getByTestId('withdraw-audit-approve'));
    const confirm = await screen.findByTestId('withdraw-audit-confirm');
    expect(confirm.dataset.action).toBe('approve');
    expect(confirm.textContent).toContain('Approve withdrawal #12?');
    // An app dialog, not a destructive one: its confirm button is the app's dark one.
    expect(dialogOf(confirm).classList.contains('app-dialog')).toBe(true);
    expect(dialogOf(confirm).classList.contains('app-dialog--destructive')).toBe(false);
    expect(within(confirm).getByTestId('withdraw-audit-confirm-received').textContent).toBe('95.00 USDT');
    fireEvent.click(await screen.findByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-confirm')).toBeNull());
    expect(posts(calls)).toEqual([]);

    // Without a note: the body carries none.
    fireEvent.click(within(item).getByTestId('withdraw-audit-approve'));
    await confirmOk();
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-12')).toBeNull());
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([['/api/v1/admin/withdraws/12/approve', {}]]);
    expect(await screen.findByText('Withdrawal #12 approved')).toBeTruthy();

    // With a note.
    const other = screen.getByTestId('withdraw-audit-item-14');
    fireEvent.change(noteOf(other), { target: { value: '  checked the chain history  ' } });
    fireEvent.click(within(other).getByTestId('withdraw-audit-approve'));
    expect((await screen.findByTestId('withdraw-audit-confirm-text')).textContent).toBe(
      'checked the chain history',
    );
    await confirmOk();
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-14')).toBeNull());
    expect(posts(calls)[1]?.body).toEqual({ note: 'checked the chain history' });

    // It is now in the Withdrawable tab, with its note, and without actions.
    fireEvent.click(screen.getByTestId('withdraw-audit-tab-Withdrawable'));
    const approved = await screen.findByTestId('withdraw-audit-item-14');
    expect(lists(calls).at(-1)?.query.get('status')).toBe('Withdrawable');
    expect(inside(approved, 'withdraw-audit-note-value')).toBe('checked the chain history');
    expect(within(approved).queryByTestId('withdraw-audit-approve')).toBeNull();
    expect(within(approved).queryByTestId('withdraw-audit-select')).toBeNull();
    expect(screen.queryByTestId('withdraw-audit-bulk')).toBeNull();
  });

  it('Reject needs a reason: the required message, no request; with one it asks, sends it and reloads', async () => {
    const { calls } = fakeServer([makeWithdrawal()]);
    renderPage(<AuditPage />, PATH);
    const item = await screen.findByTestId('withdraw-audit-item-12');
    await expectReasonRequired(calls, item, 'reject', 'Please enter a reason for the rejection');

    const confirm = await confirmWithReason(item, 'reject', 'address on a sanctions list');
    expect(confirm.textContent).toContain("The amount goes back to the member's available balance");
    // Rejecting is destructive: the dialog's confirm button is red.
    expect(dialogOf(confirm).classList.contains('app-dialog--destructive')).toBe(true);
    await confirmOk();
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-12')).toBeNull());
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/admin/withdraws/12/reject', { reason: 'address on a sanctions list' }],
    ]);

    fireEvent.click(screen.getByTestId('withdraw-audit-tab-Rejected'));
    const rejected = await screen.findByTestId('withdraw-audit-item-12');
    expect(inside(rejected, 'withdraw-audit-status')).toBe('Rejected');
    expect(inside(rejected, 'withdraw-audit-reason-value')).toBe('address on a sanctions list');
  });

  it("shows the server's message when a decision is refused, and reloads the list anyway", async () => {
    // Someone else rejected #12 after this page loaded it.
    const { calls, rows } = fakeServer([makeWithdrawal()]);
    renderPage(<AuditPage />, PATH);
    const item = await screen.findByTestId('withdraw-audit-item-12');
    const row = rows.get('12');
    if (row) row.status = 'Rejected';
    const before = lists(calls).length;
    fireEvent.click(within(item).getByTestId('withdraw-audit-approve'));
    await confirmOk();
    expect(await screen.findByText('This withdrawal has already been audited')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-12')).toBeNull());
    expect(lists(calls).length).toBeGreaterThan(before);
    expect(screen.queryByText('Withdrawal #12 approved')).toBeNull();
  });

  it.each([
    { action: 'reject', code: 403, msg: 'You are not allowed to do this', text: 'duplicate request' },
    {
      action: 'revoke',
      status: 'Withdrawable',
      code: 400,
      msg: 'This withdrawal has already been claimed',
      text: 'duplicate payout',
    },
  ] as const)('a refused $action shows the server’s message and keeps the reason typed', async (refused) => {
    const { calls } = fakeServer([makeWithdrawal({ status: refused.status ?? 'Auditing' })], {
      [`POST /api/v1/admin/withdraws/12/${refused.action}`]: () => fail(refused.code, refused.msg),
    });
    renderPage(<AuditPage />, PATH);
    if ('status' in refused) fireEvent.click(screen.getByTestId(`withdraw-audit-tab-${refused.status}`));
    const item = await screen.findByTestId('withdraw-audit-item-12');
    fireEvent.change(noteOf(item), { target: { value: refused.text } });
    fireEvent.click(within(item).getByTestId(`withdraw-audit-${refused.action}`));
    await confirmOk();
    expect(await toastText(refused.msg)).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    expect(noteOf(screen.getByTestId('withdraw-audit-item-12')).value).toBe(refused.text);
  });

  it('bulk approve: selected ones, totals per asset, then how many were approved and which skipped', async () => {
    const { calls, rows } = fakeServer([
      makeWithdrawal({ withdraw_id: '15', amount: '0.5' }),
      makeWithdrawal({ withdraw_id: '14', amount: '100.25' }),
      makeWithdrawal({ withdraw_id: '13', type: 2, asset: 'AGC', amount: '7.000000000000000001' }),
      makeWithdrawal({ withdraw_id: '12' }),
    ]);
    renderPage(<AuditPage />, PATH);
    await screen.findByTestId('withdraw-audit-item-15');
    const bulk = screen.getByTestId('withdraw-audit-bulk-approve') as HTMLButtonElement;
    expect(bulk.disabled).toBe(true);
    for (const id of ['15', '14', '13'])
      fireEvent.click(
        within(screen.getByTestId(`withdraw-audit-item-${id}`)).getByTestId('withdraw-audit-select'),
      );
    expect(bulk.disabled).toBe(false);
    expect(bulk.textContent).toBe('Approve selected (3)');
    // #13 is decided elsewhere meanwhile: the server skips it.
    const row = rows.get('13');
    if (row) row.status = 'Withdrawable';

    fireEvent.click(bulk);
    const confirm = await screen.findByTestId('withdraw-audit-confirm');
    expect(confirm.dataset.action).toBe('bulk');
    expect(confirm.textContent).toContain('Withdrawals to approve: 3.');
    expect(within(confirm).getByTestId('withdraw-audit-confirm-total-1').textContent).toBe('100.75 USDT');
    expect(within(confirm).getByTestId('withdraw-audit-confirm-total-2').textContent).toBe(
      '7.000000000000000001 AGC',
    );
    await confirmOk();

    const result = await screen.findByTestId('withdraw-audit-bulk-result');
    expect(result.dataset.approved).toBe('2');
    expect(result.dataset.skipped).toBe('1');
    expect(result.textContent).toContain('Approved: 2. Skipped: 1.');
    expect(within(result).getByTestId('withdraw-audit-bulk-skipped').textContent).toBe(
      'Skipped (already audited or not found): #13',
    );
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/admin/withdraws/approve', { ids: ['15', '14', '13'] }],
    ]);
    // Reloaded: only #12 is still waiting, and nothing is selected.
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-15')).toBeNull());
    expect(screen.queryByTestId('withdraw-audit-item-13')).toBeNull();
    expect(screen.getByTestId('withdraw-audit-item-12')).toBeTruthy();
    expect(screen.getByTestId('withdraw-audit-bulk-approve').textContent).toBe('Approve selected (0)');

    fireEvent.click(within(result).getByTestId('withdraw-audit-bulk-result-close'));
    expect(screen.queryByTestId('withdraw-audit-bulk-result')).toBeNull();
  });

  it('a large amount: "Needs two approvers", the first approval recorded, then Approve disabled for its giver', async () => {
    signInAs(ADMIN);
    const { calls } = fakeServer([makeWithdrawal({ needs_second_approval: true })]);
    renderPage(<AuditPage />, PATH);
    const item = await screen.findByTestId('withdraw-audit-item-12');
    expect(inside(item, 'withdraw-audit-two-approvers')).toBe('Needs two approvers');
    expect(within(item).queryByTestId('withdraw-audit-first-approval')).toBeNull();
    fireEvent.click(within(item).getByTestId('withdraw-audit-approve'));
    const confirm = await screen.findByTestId('withdraw-audit-confirm');
    expect(within(confirm).getByTestId('withdraw-audit-confirm-two').textContent).toBe(
      'This amount needs two approvers: yours is the first, and the withdrawal stays Auditing until a different approver approves it.',
    );
    await confirmOk();
    expect(
      await toastText('First approval of withdrawal #12 recorded: waiting for a second approver'),
    ).toBeTruthy();
    expect(screen.queryByText('Withdrawal #12 approved')).toBeNull();
    expect(posts(calls).map((c) => c.path)).toEqual(['/api/v1/admin/withdraws/12/approve']);

    // Still Auditing after the reload, with who gave the first approval; this auditor may not give the second.
    const after = await screen.findByTestId('withdraw-audit-first-approval');
    expect(after.textContent).toBe(`First approval: ${shortAddress(ADMIN)} — waiting for a second approver`);
    expect(after.getAttribute('title')).toBe(ADMIN);
    const waiting = screen.getByTestId('withdraw-audit-item-12');
    expect(waiting.dataset.status).toBe('Auditing');
    expect(inside(waiting, 'withdraw-audit-two-approvers')).toBe('Needs two approvers');
    expect((within(waiting).getByTestId('withdraw-audit-approve') as HTMLButtonElement).disabled).toBe(true);
    // Closed with the server's own reason (its `approve` answer), not a rule of the page's.
    expect(within(waiting).getByTestId('withdraw-audit-approve-blocked').textContent).toBe(SECOND);
    expect((within(waiting).getByTestId('withdraw-audit-reject') as HTMLButtonElement).disabled).toBe(false);
    // nor select it for the bulk approval (the server would skip it)
    expect(within(waiting).queryByTestId('withdraw-audit-select')).toBeNull();
    expect(screen.queryByTestId('withdraw-audit-bulk')).toBeNull();
  });

  it('a second, different approver makes it Withdrawable; own withdrawals cannot be approved', async () => {
    signInAs(ADMIN);
    const { calls } = fakeServer([
      makeWithdrawal({ needs_second_approval: true, first_approved_by: OTHER }),
      makeWithdrawal({ withdraw_id: '13', address: ADMIN }),
    ]);
    renderPage(<AuditPage />, PATH);
    const item = await screen.findByTestId('withdraw-audit-item-12');
    expect(inside(item, 'withdraw-audit-first-approval')).toBe(
      'First approval: 0x70997970c5...17dc79c8 — waiting for a second approver',
    );
    expect(within(item).queryByTestId('withdraw-audit-approve-blocked')).toBeNull();
    expect(within(item).getByTestId('withdraw-audit-select')).toBeTruthy();
    const own = screen.getByTestId('withdraw-audit-item-13');
    expect((within(own).getByTestId('withdraw-audit-approve') as HTMLButtonElement).disabled).toBe(true);
    expect(inside(own, 'withdraw-audit-approve-blocked')).toBe(OWN);
    expect(within(own).queryByTestId('withdraw-audit-select')).toBeNull();

    fireEvent.click(within(item).getByTestId('withdraw-audit-approve'));
    expect(
      within(await screen.findByTestId('withdraw-audit-confirm')).queryByTestId('withdraw-audit-confirm-two'),
    ).toBeNull();
    await confirmOk();
    expect(await toastText('Withdrawal #12 approved')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-12')).toBeNull());
    expect(posts(calls).map((c) => c.path)).toEqual(['/api/v1/admin/withdraws/12/approve']);
  });

  it('a refusal the list did not know of yet (it changed meanwhile) is toasted', async () => {
    const stale = makeWithdrawal({ needs_second_approval: true, first_approved_by: ADMIN });
    const { calls } = fakeServer([stale], { 'GET /api/v1/admin/withdraws': () => page([stale]) });
    renderPage(<AuditPage />, PATH);
    const item = await screen.findByTestId('withdraw-audit-item-12');
    expect(within(item).queryByTestId('withdraw-audit-approve-blocked')).toBeNull();
    fireEvent.click(within(item).getByTestId('withdraw-audit-approve'));
    await confirmOk();
    expect(await toastText('A second, different approver must approve this withdrawal')).toBeTruthy();
    expect(posts(calls)).toHaveLength(1);
    expect(screen.getByTestId('withdraw-audit-item-12').dataset.status).toBe('Auditing');
  });

  it('Revoke needs a reason, asks first naming the address and amounts, sends it, then waits for the chain', async () => {
    const { calls, rows } = fakeServer([
      makeWithdrawal({ status: 'Withdrawable', audited_at: new Date(NOW).toISOString() }),
    ]);
    renderPage(<AuditPage />, PATH);
    fireEvent.click(screen.getByTestId('withdraw-audit-tab-Withdrawable'));
    const item = await screen.findByTestId('withdraw-audit-item-12');
    expect(within(item).queryByTestId('withdraw-audit-approve')).toBeNull();
    expect(within(item).queryByTestId('withdraw-audit-reject')).toBeNull();
    expect(within(item).queryByTestId('withdraw-audit-revoking')).toBeNull();
    expect(noteOf(item).placeholder).toBe('Reason for the revocation (required; the member will read it)');

    // No reason: the message, no dialog, nothing sent.
    await expectReasonRequired(calls, item, 'revoke', 'Please enter a reason for the revocation');

    // With a reason: it asks first; Cancel sends nothing.
    const confirm = await confirmWithReason(item, 'revoke', ' wallet reported stolen ');
    expect(confirm.textContent).toContain('Revoke withdrawal #12?');
    expect(dialogOf(confirm).classList.contains('app-dialog--destructive')).toBe(true);
    expect(confirm.textContent).toContain(
      'The vault cancels its voucher on chain, so the member can no longer claim it.',
    );
    expect(confirm.textContent).toContain(
      "Once the chain confirms the cancellation, the amount goes back to the member's available balance",
    );
    expect(within(confirm).getByTestId('withdraw-audit-confirm-address').textContent).toBe(MEMBER);
    expect(within(confirm).getByTestId('withdraw-audit-confirm-amount').textContent).toBe('100.00 USDT');
    expect(within(confirm).getByTestId('withdraw-audit-confirm-received').textContent).toBe('95.00 USDT');
    expect(within(confirm).getByTestId('withdraw-audit-confirm-text').textContent).toBe(
      'wallet reported stolen',
    );
    expect(within(confirm).getByText('Revocation reason')).toBeTruthy();
    fireEvent.click(await screen.findByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-confirm')).toBeNull());
    expect(posts(calls)).toEqual([]);

    fireEvent.click(within(item).getByTestId('withdraw-audit-revoke'));
    await confirmOk();
    expect(await toastText('Revocation of withdrawal #12 sent: waiting for the chain')).toBeTruthy();
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/admin/withdraws/12/revoke', { reason: 'wallet reported stolen' }],
    ]);
    // Reloaded: still Withdrawable, the revocation waiting for the chain with its transaction, no action left.
    const revoking = await screen.findByTestId('withdraw-audit-revoking');
    expect(revoking.textContent).toContain('Revocation sent — waiting for the chain');
    expect(within(revoking).getByTestId('withdraw-audit-revoke-tx').textContent).toBe(REVOKE_TX);
    const sent = screen.getByTestId('withdraw-audit-item-12');
    expect(sent.dataset.status).toBe('Withdrawable');
    expect(within(sent).queryByTestId('withdraw-audit-revoke')).toBeNull();
    expect(within(sent).queryByTestId('withdraw-audit-note')).toBeNull();

    // The chain confirmed the cancellation: Rejected with the reason, and the cancel transaction.
    const row = rows.get('12');
    if (row) Object.assign(row, { status: 'Rejected', reason: 'wallet reported stolen' });
    fireEvent.click(screen.getByTestId('withdraw-audit-tab-Rejected'));
    const rejected = await screen.findByTestId('withdraw-audit-item-12');
    expect(inside(rejected, 'withdraw-audit-reason-value')).toBe('wallet reported stolen');
    expect(inside(rejected, 'withdraw-audit-revoke-tx')).toBe(REVOKE_TX);
    expect(within(rejected).queryByTestId('withdraw-audit-revoking')).toBeNull();
  });

  it('bulk approve says how many got their first approval only and now wait for a second approver', async () => {
    signInAs(ADMIN);
    const { calls } = fakeServer([
      makeWithdrawal({ withdraw_id: '16', needs_second_approval: true, first_approved_by: ADMIN }),
      makeWithdrawal({ withdraw_id: '15' }),
      makeWithdrawal({ withdraw_id: '14', needs_second_approval: true }),
      makeWithdrawal({ withdraw_id: '13', needs_second_approval: true, first_approved_by: OTHER }),
    ]);
    renderPage(<AuditPage />, PATH);
    await screen.findByTestId('withdraw-audit-item-16');
    // #16 had its first approval from this auditor: not selectable.
    fireEvent.click(screen.getByTestId('withdraw-audit-select-all'));
    expect(screen.getByTestId('withdraw-audit-bulk-approve').textContent).toBe('Approve selected (3)');
    fireEvent.click(screen.getByTestId('withdraw-audit-bulk-approve'));
    const confirm = await screen.findByTestId('withdraw-audit-confirm');
    expect(within(confirm).getByTestId('withdraw-audit-confirm-two').textContent).toBe(
      '1 of them need two approvers: yours is their first approval, and they stay Auditing until a different approver approves them.',
    );
    await confirmOk();

    const result = await screen.findByTestId('withdraw-audit-bulk-result');
    expect(posts(calls).map((c) => c.body)).toEqual([{ ids: ['15', '14', '13'] }]);
    expect(result.dataset.approved).toBe('2');
    expect(result.dataset.awaiting).toBe('1');
    expect(result.dataset.skipped).toBe('0');
    expect(result.textContent).toContain('Approved: 2. Skipped: 0. Waiting for a second approver: 1.');
    expect(within(result).getByTestId('withdraw-audit-bulk-awaiting').textContent).toBe(
      'First approval given, a second approver is needed: #14',
    );
    expect(within(result).queryByTestId('withdraw-audit-bulk-skipped')).toBeNull();
    // Reloaded: #14 still waits, now with this auditor's first approval, and #16 as before.
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-15')).toBeNull());
    expect(screen.queryByTestId('withdraw-audit-item-13')).toBeNull();
    const waiting = screen.getByTestId('withdraw-audit-item-14');
    expect(inside(waiting, 'withdraw-audit-approve-blocked')).toBe(SECOND);
    expect(screen.getByTestId('withdraw-audit-item-16')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-audit-bulk')).toBeNull();
  });

  it('select all takes every loaded Auditing withdrawal; a refused bulk request leaves the selection', async () => {
    const { calls } = fakeServer(
      [makeWithdrawal({ withdraw_id: '13' }), makeWithdrawal({ withdraw_id: '12' })],
      {
        'POST /api/v1/admin/withdraws/approve': () => fail(400, 'Too many withdrawals at once'),
      },
    );
    renderPage(<AuditPage />, PATH);
    await screen.findByTestId('withdraw-audit-item-13');
    fireEvent.click(screen.getByTestId('withdraw-audit-select-all'));
    expect(screen.getByTestId('withdraw-audit-bulk-approve').textContent).toBe('Approve selected (2)');
    fireEvent.click(screen.getByTestId('withdraw-audit-bulk-approve'));
    await confirmOk();
    expect(await screen.findByText('Too many withdrawals at once')).toBeTruthy();
    expect(posts(calls)[0]?.body).toEqual({ ids: ['13', '12'] });
    expect(screen.queryByTestId('withdraw-audit-bulk-result')).toBeNull();
    expect(screen.getByTestId('withdraw-audit-bulk-approve').textContent).toBe('Approve selected (2)');
    fireEvent.click(screen.getByTestId('withdraw-audit-select-all'));
    expect(screen.getByTestId('withdraw-audit-bulk-approve').textContent).toBe('Approve selected (0)');
  });

  it('filters by asset and by a full member address (checked first, sent lower-case), and clears', async () => {
    const { calls } = fakeServer([
      makeWithdrawal({ withdraw_id: '12' }),
      makeWithdrawal({ withdraw_id: '13', type: 2, asset: 'AGC', address: OTHER }),
    ]);
    renderPage(<AuditPage />, PATH);
    await screen.findByTestId('withdraw-audit-item-13');
    fireEvent.click(screen.getByTestId('withdraw-audit-type-2'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-12')).toBeNull());
    expect(lists(calls).at(-1)?.query.get('type')).toBe('2');
    expect(screen.getByTestId('withdraw-audit-type-2').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('withdraw-audit-type-all'));
    await screen.findByTestId('withdraw-audit-item-12');
    expect(lists(calls).at(-1)?.query.has('type')).toBe(false);

    const input = screen.getByTestId('withdraw-audit-address');
    const count = lists(calls).length;
    fireEvent.change(input, { target: { value: '0x1234' } });
    fireEvent.click(screen.getByTestId('withdraw-audit-address-submit'));
    expect(screen.getByTestId('withdraw-audit-address-error').textContent).toBe(
      'Please enter a full wallet address: 0x followed by 40 hexadecimal characters',
    );
    expect(lists(calls).length).toBe(count);

    fireEvent.change(input, { target: { value: ` ${OTHER.toUpperCase().replace('0X', '0x')} ` } });
    expect(screen.queryByTestId('withdraw-audit-address-error')).toBeNull();
    fireEvent.click(screen.getByTestId('withdraw-audit-address-submit'));
    await waitFor(() => expect(screen.queryByTestId('withdraw-audit-item-12')).toBeNull());
    expect(await screen.findByTestId('withdraw-audit-item-13')).toBeTruthy();
    expect(lists(calls).at(-1)?.query.get('address')).toBe(OTHER);
    expect(screen.getByTestId('withdraw-audit-address-applied').textContent).toContain(OTHER);

    fireEvent.click(screen.getByTestId('withdraw-audit-address-clear'));
    await screen.findByTestId('withdraw-audit-item-12');
    expect(lists(calls).at(-1)?.query.has('address')).toBe(false);
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('a failed load other than 403 shows Load Failed with a retry, inline', async () => {
    let failing = true;
    stubApi({
      'GET /api/v1/admin/withdraws': () => (failing ? fail(500, 'Internal error') : page([makeWithdrawal()])),
    });
    renderPage(<AuditPage />, PATH);
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('Load Failed');
    expect(error.textContent).toContain('Internal error');
    failing = false;
    fireEvent.click(within(error).getByText('Retry'));
    expect(await screen.findByTestId('withdraw-audit-item-12')).toBeTruthy();
  });
});
