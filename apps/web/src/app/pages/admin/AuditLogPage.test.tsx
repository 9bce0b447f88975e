import type { AuditLogEntry } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { expectFieldError } from '@web/test/field-error.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiCall, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import AuditLogPage from './AuditLogPage.tsx';

const PATH = '/pages/admin/auditLog';
const ADMIN = '0x1111111111111111111111111111111111111111';
const MEMBER = '0x4444444444444444444444444444444444444444';

afterEach(cleanupPage);

const entry = (id: number, over: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: String(id),
  actor: ADMIN,
  action: 'role.grant',
  target: `member:${MEMBER}`,
  before: { roles: [] },
  after: { roles: ['analyst'] },
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

/** 25 entries, 20 a page, newest first; filters echo back as the server would apply them. */
function server(
  list: (q: URLSearchParams) => AuditLogEntry[] = () => Array.from({ length: 25 }, (_, i) => entry(25 - i)),
) {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ roles: ['auditor'] })),
    'GET /api/v1/admin/audit-log': (url) => {
      const all = list(url.searchParams);
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const slice = all.slice((page - 1) * size, page * size);
      return ok({ list: slice, total: all.length, page, size, has_more: page * size < all.length });
    },
  });
}

const reads = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/api/v1/admin/audit-log').map((c) => Object.fromEntries(c.query));

describe('audit log page', () => {
  it('shows each entry: action, who (or the system), target, each field before and after', async () => {
    server(() => [
      entry(3, {
        action: 'role.confirm',
        before: { roles: [], pending: { request: '7', role: 'admin', requested_by: ADMIN } },
        after: { roles: ['admin'] },
      }),
      entry(2, {
        actor: null,
        action: 'order.confirm',
        target: 'order:42',
        before: { status: 'Pending' },
        after: { status: 'Paid' },
      }),
      entry(1, { before: null, after: null }),
    ]);
    renderPage(<AuditLogPage />, PATH);
    const confirm = within(await screen.findByTestId('audit-entry-3'));
    expect(confirm.getByTestId('audit-entry-action').textContent).toBe('role.confirm');
    expect(confirm.getByTestId('audit-entry-target').textContent).toBe(`member:${MEMBER}`);
    expect(confirm.getByTestId('audit-before-roles').textContent).toBe('—');
    expect(confirm.getByTestId('audit-after-roles').textContent).toBe('admin');
    expect(confirm.getByTestId('audit-before-pending').textContent).toBe(
      `request: 7; role: admin; requested_by: ${ADMIN}`,
    );
    expect(confirm.getByTestId('audit-after-pending').textContent).toBe('—');
    const system = within(screen.getByTestId('audit-entry-2'));
    expect(system.getByTestId('audit-entry-actor').textContent).toBe('System');
    expect(system.getByTestId('audit-before-status').textContent).toBe('Pending');
    expect(system.getByTestId('audit-after-status').textContent).toBe('Paid');
    expect(within(screen.getByTestId('audit-entry-1')).getByText('No details recorded')).toBeTruthy();
    expect(await screen.findByTestId('list-no-more')).toBeTruthy();
  });

  it('applies the filters the server reads; refuses a bad actor or range before asking; Clear shows all', async () => {
    const calls = server((q) => (q.get('action') === 'role.' ? [entry(9)] : [entry(2), entry(1)]));
    renderPage(<AuditLogPage />, PATH);
    await screen.findByTestId('audit-entry-2');
    const type = (field: string, value: string) =>
      fireEvent.change(screen.getByTestId(`audit-log-filter-${field}`), { target: { value } });
    type('actor', '0x12');
    fireEvent.click(screen.getByTestId('audit-log-filter-apply'));
    expect((await screen.findByTestId('audit-log-filter-error')).textContent).toBe(
      'Enter a full wallet address: 0x and 40 hexadecimal characters.',
    );
    expectFieldError(
      screen.getByTestId('audit-log-filter-error'),
      screen.getByTestId('audit-log-filter-actor'),
    );
    expect(reads(calls)).toHaveLength(1);
    type('actor', '');
    type('from', '2025-03-10');
    type('to', '2025-03-01');
    fireEvent.click(screen.getByTestId('audit-log-filter-apply'));
    expectFieldError(
      screen.getByTestId('audit-log-filter-to-error'),
      screen.getByTestId('audit-log-filter-to'),
    );
    expect(reads(calls)).toHaveLength(1);
    type('from', '');
    type('to', '');
    type('actor', ADMIN.toUpperCase().replace('0X', '0x'));
    type('action', 'role.');
    fireEvent.click(screen.getByTestId('audit-log-filter-apply'));
    await screen.findByTestId('audit-entry-9');
    expect(reads(calls).at(-1)).toEqual({ page: '1', size: '20', action: 'role.', actor: ADMIN });
    fireEvent.click(screen.getByTestId('audit-log-filter-clear'));
    await screen.findByTestId('audit-entry-2');
    expect(reads(calls).at(-1)).toEqual({ page: '1', size: '20' });
    expect((screen.getByTestId('audit-log-filter-action') as HTMLInputElement).value).toBe('');
  });

  it('an empty answer says No Data Available', async () => {
    server(() => []);
    renderPage(<AuditLogPage />, PATH);
    await waitFor(() => expect(screen.getByText('No Data Available')).toBeTruthy());
  });
});
