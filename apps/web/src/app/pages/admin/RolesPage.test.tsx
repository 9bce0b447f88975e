import type { RoleHolders } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../stores/auth.ts';
import { useWalletStore } from '../../../stores/wallet.ts';
import { cleanupPage } from '../../../test/cleanup.ts';
import { expectFieldError } from '../../../test/field-error.ts';
import { makeMe } from '../../../test/fixtures.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '../../../test/render.tsx';
import RolesPage from './RolesPage.tsx';

const PATH = '/pages/admin/roles';
const SLOW = { timeout: 3000 };
const ME = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const CONFIGURED = '0x3333333333333333333333333333333333333333';
const MEMBER = '0x4444444444444444444444444444444444444444';

afterEach(cleanupPage);

const holders = (over: Partial<RoleHolders> = {}): RoleHolders => ({
  holders: [
    {
      address: CONFIGURED,
      member: false,
      roles: [{ role: 'admin', granted_by: null, granted_at: null, from_config: true }],
    },
    {
      address: ME,
      member: true,
      roles: [
        { role: 'admin', granted_by: null, granted_at: '2026-11-01T08:00:00.000Z', from_config: false },
      ],
    },
    {
      address: OTHER,
      member: true,
      roles: [
        { role: 'admin', granted_by: ME, granted_at: '2026-11-02T08:00:00.000Z', from_config: false },
        { role: 'analyst', granted_by: ME, granted_at: '2026-11-03T08:00:00.000Z', from_config: false },
      ],
    },
  ],
  pending: [],
  ...over,
});

function server(extra: Record<string, ApiHandler> = {}, data: () => RoleHolders = () => holders()) {
  useAuthStore.setState({ token: 'tok' });
  useWalletStore.getState().setAccount(ME);
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ roles: ['admin'] })),
    'GET /api/v1/admin/roles': () => ok(data()),
    ...extra,
  });
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('admin roles page', () => {
  it('answers "Admins only" to a member the server refuses (403)', async () => {
    stubApi({ 'GET /api/v1/admin/roles': () => fail(403, 'You do not have permission to do this') });
    renderPage(<RolesPage />, PATH);
    expect((await screen.findByTestId('roles-no-permission')).textContent).toBe(
      'Admins only: you do not have permission to manage roles.',
    );
  });

  it('lists every holder: configured admins from configuration (no Revoke), granted roles by whom, with Revoke', async () => {
    server();
    renderPage(<RolesPage />, PATH);
    const configured = within(await screen.findByTestId(`roles-holder-${CONFIGURED}`));
    expect(configured.getByText('Not signed up yet')).toBeTruthy();
    expect(configured.getByTestId('roles-from-config').textContent).toBe('From configuration');
    expect(configured.queryByTestId('roles-revoke-admin')).toBeNull();
    const other = within(screen.getByTestId(`roles-holder-${OTHER}`));
    expect(other.getByTestId('roles-holder-role-admin').textContent).toContain('Granted by');
    expect(other.getByTestId('roles-holder-role-analyst').textContent).toContain('Analyst');
    expect(other.getByTestId('roles-revoke-analyst')).toBeTruthy();
    expect(within(screen.getByTestId(`roles-holder-${ME}`)).getByText(/Granted at setup/)).toBeTruthy();
    expect(screen.queryByTestId('roles-pending')).toBeNull();
  });

  it('grants analyst: checks the address first, sends it lower-cased, says it is granted', async () => {
    const calls = server({
      'POST /api/v1/admin/roles/grant': (_u, body) =>
        ok({ status: 'granted', address: MEMBER, roles: ['analyst'], request: null, ...(body as object) }),
    });
    renderPage(<RolesPage />, PATH);
    await screen.findByTestId('roles-grant-form');
    fireEvent.change(screen.getByTestId('roles-grant-address'), { target: { value: '0x1234' } });
    fireEvent.click(screen.getByTestId('roles-grant-submit'));
    expect((await screen.findByTestId('roles-grant-error')).textContent).toBe(
      'Enter a full wallet address: 0x and 40 hexadecimal characters.',
    );
    expectFieldError(screen.getByTestId('roles-grant-error'), screen.getByTestId('roles-grant-address'));
    expect(posts(calls)).toEqual([]);
    fireEvent.change(screen.getByTestId('roles-grant-address'), {
      target: { value: ` ${MEMBER.replace('0x44', '0x4A').replace('a', 'A')} ` },
    });
    expect(screen.queryByTestId('roles-grant-error')).toBeNull();
    fireEvent.click(screen.getByTestId('roles-grant-role-analyst'));
    fireEvent.click(screen.getByTestId('roles-grant-submit'));
    await screen.findByText('Role granted', undefined, SLOW);
    expect(posts(calls)).toEqual([
      ['/api/v1/admin/roles/grant', { address: MEMBER.replace('0x44', '0x4a'), role: 'analyst' }],
    ]);
    expect((screen.getByTestId('roles-grant-address') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal under the form (not a member, held already)', async () => {
    server({
      'POST /api/v1/admin/roles/grant': () =>
        fail(400, `${MEMBER} is not a member: only a member who has signed up can hold a role`),
    });
    renderPage(<RolesPage />, PATH);
    fireEvent.change(await screen.findByTestId('roles-grant-address'), { target: { value: MEMBER } });
    fireEvent.click(screen.getByTestId('roles-grant-submit'));
    expect((await screen.findByTestId('roles-grant-error')).textContent).toBe(
      `${MEMBER} is not a member: only a member who has signed up can hold a role`,
    );
    // the server's refusal is about the form: the form's message above its button, not the field's
    expect(screen.getByTestId('roles-grant-error').className).toBe('error-text');
    expect(screen.getByTestId('roles-grant-address').getAttribute('aria-invalid')).toBe('false');
    expect((screen.getByTestId('roles-grant-address') as HTMLInputElement).value).toBe(MEMBER);
  });

  it('granting admin says it waits for another admin; the hint says so before', async () => {
    server({
      'POST /api/v1/admin/roles/grant': () =>
        ok({
          status: 'pending',
          address: MEMBER,
          roles: [],
          request: {
            id: '5',
            address: MEMBER,
            role: 'admin',
            requested_by: ME,
            created_at: '2026-11-05T00:00:00.000Z',
          },
        }),
    });
    renderPage(<RolesPage />, PATH);
    fireEvent.click(await screen.findByTestId('roles-grant-role-admin'));
    expect(screen.getByTestId('roles-grant-role-hint').textContent).toContain(
      'Granting admin takes effect when another admin confirms it.',
    );
    fireEvent.change(screen.getByTestId('roles-grant-address'), { target: { value: MEMBER } });
    fireEvent.click(screen.getByTestId('roles-grant-submit'));
    expect(
      await screen.findByText('Request sent: another admin must confirm the admin role', undefined, SLOW),
    ).toBeTruthy();
  });

  it('revokes only after its confirmation; the last admin’s refusal is shown', async () => {
    const calls = server({
      'POST /api/v1/admin/roles/revoke': () =>
        fail(409, 'The last admin cannot be removed: grant admin to another member first'),
    });
    renderPage(<RolesPage />, PATH);
    const other = within(await screen.findByTestId(`roles-holder-${OTHER}`));
    fireEvent.click(other.getByTestId('roles-revoke-admin'));
    expect(await screen.findByText('Revoke Admin?', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText(`${OTHER} loses the Admin role from its next request.`)).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByText('Revoke Admin?')).toBeNull());
    expect(posts(calls)).toEqual([]);
    fireEvent.click(other.getByTestId('roles-revoke-admin'));
    fireEvent.click(
      await screen.findByText('Revoke', { selector: '.adm-modal button, .adm-modal button *' }, SLOW),
    );
    expect(
      await screen.findByText(
        'The last admin cannot be removed: grant admin to another member first',
        undefined,
        SLOW,
      ),
    ).toBeTruthy();
    expect(posts(calls)).toEqual([['/api/v1/admin/roles/revoke', { address: OTHER, role: 'admin' }]]);
  });

  it('pending grants: another admin confirms; the requester sees it waits and may only cancel', async () => {
    let pending = [
      {
        id: '7',
        address: MEMBER,
        role: 'admin' as const,
        requested_by: OTHER,
        created_at: '2026-11-05T00:00:00.000Z',
      },
      {
        id: '8',
        address: CONFIGURED,
        role: 'admin' as const,
        requested_by: ME,
        created_at: '2026-11-05T01:00:00.000Z',
      },
    ];
    const calls = server(
      {
        'POST /api/v1/admin/roles/requests/7/confirm': () => {
          pending = pending.filter((p) => p.id !== '7');
          return ok({ id: '7', status: 'confirmed', address: MEMBER, roles: ['admin'] });
        },
      },
      () => holders({ pending }),
    );
    renderPage(<RolesPage />, PATH);
    const own = within(await screen.findByTestId('roles-request-8'));
    expect(own.getByTestId('roles-request-own').textContent).toBe(
      'You asked for this grant: another admin must confirm it.',
    );
    expect(own.queryByTestId('roles-request-confirm-8')).toBeNull();
    expect(own.getByTestId('roles-request-cancel-8')).toBeTruthy();
    const theirs = within(screen.getByTestId('roles-request-7'));
    expect(theirs.queryByTestId('roles-request-own')).toBeNull();
    fireEvent.click(theirs.getByTestId('roles-request-confirm-7'));
    expect(await screen.findByText('Make this member an admin?', undefined, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByText('Confirm', { selector: '.adm-modal button, .adm-modal button *' }));
    await waitFor(() => expect(screen.queryByTestId('roles-request-7')).toBeNull());
    expect(posts(calls)).toEqual([['/api/v1/admin/roles/requests/7/confirm', {}]]);
    expect(screen.getByTestId('roles-request-8')).toBeTruthy();
  });
});
