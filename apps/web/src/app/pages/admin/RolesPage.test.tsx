import type { RoleHolders, RoleRequest } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { expectFieldError } from '@web/test/field-error.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import RolesPage from './RolesPage.tsx';

const PATH = '/pages/admin/roles';
const SLOW = { timeout: 3000 };
const ME = '0x1111111111111111111111111111111111111111';
const OTHER = '0x2222222222222222222222222222222222222222';
const CONFIGURED = '0x3333333333333333333333333333333333333333';
const MEMBER = '0x4444444444444444444444444444444444444444';

afterEach(cleanupPage);

const can = { can: true, reason: null };
const cannot = (reason: string) => ({ can: false, reason });
const LAST = 'The last admin cannot be removed: grant admin to another member first';
const OWN = 'You asked for this change: another admin must confirm it';

const holders = (over: Partial<RoleHolders> = {}): RoleHolders => ({
  holders: [
    {
      address: CONFIGURED,
      member: false,
      roles: [
        {
          role: 'admin',
          granted_by: null,
          granted_at: null,
          from_config: true,
          revoke: cannot('This admin comes from the server configuration'),
        },
      ],
    },
    {
      address: ME,
      member: true,
      roles: [
        {
          role: 'admin',
          granted_by: null,
          granted_at: '2026-11-01T08:00:00.000Z',
          from_config: false,
          revoke: cannot(LAST),
        },
      ],
    },
    {
      address: OTHER,
      member: true,
      roles: [
        {
          role: 'admin',
          granted_by: ME,
          granted_at: '2026-11-02T08:00:00.000Z',
          from_config: false,
          revoke: can,
        },
        {
          role: 'analyst',
          granted_by: ME,
          granted_at: '2026-11-03T08:00:00.000Z',
          from_config: false,
          revoke: can,
        },
      ],
    },
  ],
  pending: [],
  second_admin_roles: ['admin', 'auditor'],
  request_ttl_hours: 72,
  cooling_hours: 24,
  ...over,
});

/** A pending change as the server answers it, with what the viewer may do. */
const request = (over: Partial<RoleRequest> & Pick<RoleRequest, 'id'>): RoleRequest => ({
  address: MEMBER,
  role: 'admin',
  action: 'grant',
  requested_by: OTHER,
  created_at: '2026-11-05T00:00:00.000Z',
  expires_at: '2026-11-08T00:00:00.000Z',
  confirm: can,
  cancel: can,
  ...over,
});

/** The confirmation dialog's own button (not the page's). */
const modalButton = (name: string) =>
  screen.findByText(name, { selector: '.adm-modal button, .adm-modal button *' }, SLOW);

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
    expect((other.getByTestId('roles-revoke-admin') as HTMLButtonElement).disabled).toBe(false);
    expect(other.queryByTestId('roles-revoke-reason-admin')).toBeNull();
    const mine = within(screen.getByTestId(`roles-holder-${ME}`));
    expect(mine.getByText(/Granted at setup/)).toBeTruthy();
    // The server would refuse to remove the last admin: the button is closed and says why.
    expect((mine.getByTestId('roles-revoke-admin') as HTMLButtonElement).disabled).toBe(true);
    expect(mine.getByTestId('roles-revoke-reason-admin').textContent).toBe(LAST);
    expect(screen.queryByTestId('roles-pending')).toBeNull();
  });

  it('grants analyst: checks the address first, sends it lower-cased, says it is granted', async () => {
    const calls = server({
      'POST /api/v1/admin/roles/grant': (_u, body) =>
        ok({
          status: 'granted',
          address: (body as { address: string }).address,
          roles: ['analyst'],
          request: null,
        }),
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
    // A confirm step first: nothing is sent until it is confirmed.
    expect(await screen.findByText('Grant Analyst?', undefined, SLOW)).toBeTruthy();
    expect(screen.getByTestId('roles-grant-confirm-text').textContent).toBe(
      `${MEMBER.replace('0x44', '0x4a')} holds the Analyst role from its next request.`,
    );
    expect(posts(calls)).toEqual([]);
    fireEvent.click(await modalButton('Grant'));
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
    fireEvent.click(await modalButton('Grant'));
    expect((await screen.findByTestId('roles-grant-error')).textContent).toBe(
      `${MEMBER} is not a member: only a member who has signed up can hold a role`,
    );
    // the server's refusal is about the form: the form's message above its button, not the field's
    expect(screen.getByTestId('roles-grant-error').className).toBe('error-text');
    expect(screen.getByTestId('roles-grant-address').getAttribute('aria-invalid')).toBe('false');
    expect((screen.getByTestId('roles-grant-address') as HTMLInputElement).value).toBe(MEMBER);
  });

  it('granting auditor says it waits for another admin: the hint, the confirmation and the answer', async () => {
    server({
      'POST /api/v1/admin/roles/grant': () =>
        ok({
          status: 'pending',
          address: MEMBER,
          roles: [],
          request: request({ id: '5', role: 'auditor', requested_by: ME, confirm: cannot(OWN) }),
        }),
    });
    renderPage(<RolesPage />, PATH);
    fireEvent.click(await screen.findByTestId('roles-grant-role-auditor'));
    const WAITS = 'Takes effect once another admin confirms it (within 72 h).';
    expect(screen.getByTestId('roles-grant-role-hint').textContent).toContain(WAITS);
    fireEvent.click(screen.getByTestId('roles-grant-role-analyst'));
    expect(screen.getByTestId('roles-grant-role-hint').textContent).not.toContain(WAITS);
    fireEvent.click(screen.getByTestId('roles-grant-role-auditor'));
    fireEvent.change(screen.getByTestId('roles-grant-address'), { target: { value: MEMBER } });
    fireEvent.click(screen.getByTestId('roles-grant-submit'));
    expect((await screen.findByTestId('roles-grant-confirm-text')).textContent).toBe(
      `${MEMBER} holds the Auditor role from its next request. ${WAITS}`,
    );
    fireEvent.click(await modalButton('Grant'));
    expect(
      await screen.findByText('Request sent: another admin must confirm it', undefined, SLOW),
    ).toBeTruthy();
  });

  it('revokes only after its confirmation; a refusal meanwhile (the last admin) is shown', async () => {
    const calls = server({
      'POST /api/v1/admin/roles/revoke': () => fail(409, LAST),
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
    // The toast, besides the reason the page already showed under the last admin's own Revoke.
    await waitFor(() => expect(screen.getAllByText(LAST)).toHaveLength(2), SLOW);
    expect(posts(calls)).toEqual([['/api/v1/admin/roles/revoke', { address: OTHER, role: 'admin' }]]);
  });

  it('revoking a role with approval power says it waits for another admin', async () => {
    server({
      'POST /api/v1/admin/roles/revoke': () =>
        ok({
          status: 'pending',
          address: OTHER,
          roles: ['admin', 'analyst'],
          request: request({
            id: '9',
            address: OTHER,
            action: 'revoke',
            requested_by: ME,
            confirm: cannot(OWN),
          }),
        }),
    });
    renderPage(<RolesPage />, PATH);
    fireEvent.click(
      within(await screen.findByTestId(`roles-holder-${OTHER}`)).getByTestId('roles-revoke-admin'),
    );
    fireEvent.click(await modalButton('Revoke'));
    expect(
      await screen.findByText('Request sent: another admin must confirm the revocation', undefined, SLOW),
    ).toBeTruthy();
  });

  it('pending changes: another admin confirms; the one who asked sees Confirm closed with the server’s reason', async () => {
    let pending = [
      request({ id: '7' }),
      request({
        id: '8',
        address: CONFIGURED,
        role: 'auditor',
        action: 'revoke',
        requested_by: ME,
        created_at: '2026-11-05T01:00:00.000Z',
        confirm: cannot(OWN),
      }),
    ];
    const calls = server(
      {
        'POST /api/v1/admin/roles/requests/7/confirm': () => {
          pending = pending.filter((p) => p.id !== '7');
          return ok({ id: '7', action: 'grant', status: 'confirmed', address: MEMBER, roles: ['admin'] });
        },
      },
      () => holders({ pending }),
    );
    renderPage(<RolesPage />, PATH);
    const own = within(await screen.findByTestId('roles-request-8'));
    expect(own.getByTestId('roles-request-change').textContent).toBe('Revoke Auditor');
    expect(own.getByTestId('roles-request-confirm-reason').textContent).toBe(OWN);
    expect((own.getByTestId('roles-request-confirm-8') as HTMLButtonElement).disabled).toBe(true);
    expect((own.getByTestId('roles-request-cancel-8') as HTMLButtonElement).disabled).toBe(false);
    expect(own.getByTestId('roles-request-expires').textContent).toMatch(/^Expires /);
    const theirs = within(screen.getByTestId('roles-request-7'));
    expect(theirs.getByTestId('roles-request-change').textContent).toBe('Grant Admin');
    expect(theirs.queryByTestId('roles-request-confirm-reason')).toBeNull();
    fireEvent.click(theirs.getByTestId('roles-request-confirm-7'));
    expect(await screen.findByText('Grant Admin to this member?', undefined, SLOW)).toBeTruthy();
    fireEvent.click(await modalButton('Confirm'));
    await waitFor(() => expect(screen.queryByTestId('roles-request-7')).toBeNull());
    expect(posts(calls)).toEqual([['/api/v1/admin/roles/requests/7/confirm', {}]]);
    expect(screen.getByTestId('roles-request-8')).toBeTruthy();
  });
});
