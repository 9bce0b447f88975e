import type { adminLaunchpadRoundSchema } from '@agc/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeRound } from '@web/features/launchpad/testing/fixtures.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { expectFieldError } from '@web/test/field-error.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, callsTo, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import LaunchpadAdminPage from './LaunchpadAdminPage.tsx';

const PATH = '/pages/admin/launchpad';
const SLOW = { timeout: 3000 };

afterEach(cleanupPage);

type AdminRound = z.infer<typeof adminLaunchpadRoundSchema>;
const adminRound = (over: Partial<AdminRound> = {}): AdminRound => ({
  ...makeRound(),
  translations: {},
  status: 'open',
  raised_usdt: '25000',
  buyers: 17,
  created_at: '2026-11-19T00:00:00.000Z',
  ...over,
});

function server(extra: Record<string, ApiHandler> = {}) {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ roles: ['admin'] })),
    'GET /api/v1/admin/launchpad/rounds': () =>
      ok({ list: [adminRound(), adminRound({ id: 2, name: 'Old', state: 'Closed', status: 'closed' })] }),
    ...extra,
  });
}

const posts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' || c.method === 'PUT');
/** A field's message: a time field's sits under its DateField, the others' under their input. */
const errorOf = (field: string) =>
  field.endsWith('_at')
    ? screen.findByTestId(`lp-round-${field}-error`)
    : screen.findByTestId(`lp-round-error-${field}`);
const type = (field: string, value: string) =>
  fireEvent.change(screen.getByTestId(`lp-round-${field}`), { target: { value } });

function fillGoodForm() {
  type('name', 'Seed Two');
  type('price_usdt', '0.5');
  type('agc_per_copy', '10');
  type('per_member_limit', '3');
  type('starts_at', '2026-12-01 10:00');
  type('ends_at', '2026-12-08 10:00');
  type('cliff_days', '7');
  type('linear_days', '30');
}

describe('admin launchpad page', () => {
  it('lists the rounds with copies sold, USDT raised, buyers and state; only an open round can be closed', async () => {
    server();
    renderPage(<LaunchpadAdminPage />, PATH);
    const card = within(await screen.findByTestId('lp-admin-round-3'));
    expect(card.getByTestId('lp-admin-round-state').textContent).toBe('Open');
    expect(card.getByTestId('lp-admin-round-sold').textContent).toBe('50 / 200 sold');
    expect(card.getByTestId('lp-admin-round-raised').textContent).toBe('25,000.00 USDT');
    expect(card.getByTestId('lp-admin-round-buyers').textContent).toBe('17');
    expect(card.getByTestId('lp-admin-close-3')).toBeTruthy();
    const old = within(screen.getByTestId('lp-admin-round-2'));
    expect(old.getByTestId('lp-admin-round-state').textContent).toBe('Closed');
    expect(old.queryByTestId('lp-admin-close-2')).toBeNull();
  });

  it('creates a round: 200 copies by default, the typed terms, times read as UTC', async () => {
    const calls = server({
      'POST /api/v1/admin/launchpad/rounds': (_u, body) => ok(adminRound({ id: 9, ...(body as object) })),
    });
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-round-new'));
    expect((screen.getByTestId('lp-round-copies') as HTMLInputElement).value).toBe('200');
    fillGoodForm();
    type('translations', '{"ja": {"name": "シード2"}}');
    fireEvent.click(screen.getByTestId('lp-round-save'));
    await waitFor(() => expect(screen.queryByTestId('lp-round-form')).toBeNull());
    expect(posts(calls).map((c) => c.body)).toEqual([
      {
        name: 'Seed Two',
        description: '',
        translations: { ja: { name: 'シード2' } },
        copies: 200,
        price_usdt: '0.5',
        agc_per_copy: '10',
        per_member_limit: 3,
        starts_at: '2026-12-01T10:00:00.000Z',
        ends_at: '2026-12-08T10:00:00.000Z',
        cliff_days: 7,
        linear_days: 30,
      },
    ]);
    // the list is read again
    await waitFor(() => expect(callsTo(calls, '/api/v1/admin/launchpad/rounds')).toHaveLength(2));
  });

  it.each([
    ['price_usdt', '0', 'The amount must be greater than 0'],
    ['price_usdt', '-5', 'The amount must be greater than 0'],
    ['price_usdt', '1.1234567', 'This amount allows at most 6 decimal places'],
    ['copies', '0', 'Enter a whole number from 1 to 100000'],
    ['name', '  ', 'Please fill in this field'],
    ['ends_at', '2026-12-01 09:00', 'The end must be after the start.'],
    ['per_member_limit', '201', 'The limit per member cannot exceed the copies in the round.'],
    ['cliff_days', '-3', 'Enter a whole number from 0 to 3650'],
    ['translations', '{"ja": ', 'Write the other languages as a JSON object, e.g. {"ja": {"name": "…"}}'],
  ])('refuses %s = %j before sending: %s', async (field, value, message) => {
    const calls = server();
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-round-new'));
    fillGoodForm();
    type(field, value);
    fireEvent.click(screen.getByTestId('lp-round-save'));
    const error = await errorOf(field);
    expect(error.textContent).toBe(message);
    expectFieldError(error, screen.getByTestId(`lp-round-${field}`));
    expect(posts(calls)).toEqual([]);
  });

  it('takes start and end as YYYY-MM-DD HH:mm in UTC only, whatever the language, and shows them on this device', async () => {
    const calls = server();
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-round-new'));
    expect(screen.getByText('Start and end are in UTC', { exact: false })).toBeTruthy();
    const start = screen.getByLabelText('Start (UTC)') as HTMLInputElement;
    expect(start.placeholder).toBe('YYYY-MM-DD HH:mm');
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
    fillGoodForm();
    expect(screen.getByTestId('lp-round-starts_at-device').textContent).toMatch(
      /^On this device: 2026-12-0[12] \d{2}:\d{2}$/,
    );
    // A browser's own format is not taken: it is said under the field, and the form keeps the last good time.
    fireEvent.change(start, { target: { value: '12/01/2026 10:00 AM' } });
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('lp-round-starts_at-error').textContent).toBe(
      'Not a date: write it as YYYY-MM-DD HH:mm',
    );
    expect(posts(calls)).toEqual([]);
  });

  it('says which time is missing when none was typed in the app format', async () => {
    const calls = server();
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-round-new'));
    fireEvent.change(screen.getByTestId('lp-round-name'), { target: { value: 'X' } });
    fireEvent.change(screen.getByTestId('lp-round-price_usdt'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('lp-round-agc_per_copy'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('lp-round-starts_at'), { target: { value: '2026-12-01' } });
    fireEvent.click(screen.getByTestId('lp-round-save'));
    expect((await errorOf('starts_at')).textContent).toBe('Please fill in this field');
    // Every wrong field says so at once, each with its own reason.
    expect((await errorOf('ends_at')).textContent).toBe('Please fill in this field');
    expect(posts(calls)).toEqual([]);
  });

  it("shows every field's own reason at once (an empty form)", async () => {
    const calls = server();
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-round-new'));
    type('price_usdt', '-5');
    fireEvent.click(screen.getByTestId('lp-round-save'));
    expect((await errorOf('name')).textContent).toBe('Please fill in this field');
    expect((await errorOf('price_usdt')).textContent).toBe('The amount must be greater than 0');
    expect((await errorOf('agc_per_copy')).textContent).toBe('Please enter an amount');
    expect((await errorOf('starts_at')).textContent).toBe('Please fill in this field');
    expect(posts(calls)).toEqual([]);
  });

  it('shows the times in UTC on the card; Edit only on a round that has not opened', async () => {
    server({
      'GET /api/v1/admin/launchpad/rounds': () =>
        ok({
          list: [
            adminRound({ id: 4, name: 'Next', state: 'Upcoming', sold: 0, remaining: 200, buyers: 0 }),
            adminRound(),
          ],
        }),
    });
    renderPage(<LaunchpadAdminPage />, PATH);
    const next = within(await screen.findByTestId('lp-admin-round-4'));
    expect(next.getByTestId('lp-admin-round-starts').textContent).toBe('2026-11-20 00:00 UTC');
    expect(next.getByTestId('lp-admin-edit-4')).toBeTruthy();
    expect(screen.queryByTestId('lp-admin-edit-3')).toBeNull();
  });

  it('edits an upcoming round in the same form, filled with its terms; saving sends them all (PUT) and reads the list again', async () => {
    let edited: AdminRound | null = null;
    const upcoming = adminRound({
      id: 4,
      name: 'Next',
      state: 'Upcoming',
      sold: 0,
      remaining: 200,
      buyers: 0,
      translations: { ja: { name: '次' } },
      starts_at: '2026-12-01T01:30:00.000Z',
      ends_at: '2026-12-20T00:00:00.000Z',
    });
    const calls = server({
      'GET /api/v1/admin/launchpad/rounds': () => ok({ list: [edited ?? upcoming] }),
      'PUT /api/v1/admin/launchpad/rounds/4': (_u, body) => {
        edited = { ...upcoming, ...(body as object) };
        return ok(edited);
      },
    });
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-admin-edit-4'));
    const form = within(screen.getByTestId('lp-round-form'));
    expect(form.getByText('Edit Next')).toBeTruthy();
    const value = (field: string) => (screen.getByTestId(`lp-round-${field}`) as HTMLInputElement).value;
    expect(value('name')).toBe('Next');
    expect(value('translations')).toBe('{"ja":{"name":"次"}}');
    expect(value('price_usdt')).toBe('500');
    expect(value('starts_at')).toBe('2026-12-01 01:30');
    expect(value('ends_at')).toBe('2026-12-20 00:00');
    expect(screen.queryByTestId('lp-admin-round-4')).toBeNull();
    type('price_usdt', '450.5');
    type('ends_at', '2026-12-21 12:00');
    fireEvent.click(screen.getByTestId('lp-round-save'));
    expect(await screen.findByText('Round updated', undefined, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('lp-round-form')).toBeNull());
    expect(posts(calls).map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'PUT',
        '/api/v1/admin/launchpad/rounds/4',
        {
          name: 'Next',
          description: 'The first AGC venture round.',
          translations: { ja: { name: '次' } },
          copies: 200,
          price_usdt: '450.5',
          agc_per_copy: '1000',
          per_member_limit: 5,
          starts_at: '2026-12-01T01:30:00.000Z',
          ends_at: '2026-12-21T12:00:00.000Z',
          cliff_days: 30,
          linear_days: 180,
        },
      ],
    ]);
    await waitFor(() => expect(callsTo(calls, '/api/v1/admin/launchpad/rounds')).toHaveLength(2));
    expect(
      within(screen.getByTestId('lp-admin-round-4')).getByTestId('lp-admin-round-ends').textContent,
    ).toBe('2026-12-21 12:00 UTC');
  });

  it("shows the server's refusal of an edit under the form and keeps it open", async () => {
    server({
      'GET /api/v1/admin/launchpad/rounds': () =>
        ok({ list: [adminRound({ id: 4, state: 'Upcoming', sold: 0, buyers: 0 })] }),
      'PUT /api/v1/admin/launchpad/rounds/4': () =>
        fail(400, 'This round has opened: its terms can no longer be changed'),
    });
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-admin-edit-4'));
    fireEvent.click(screen.getByTestId('lp-round-save'));
    const error = await screen.findByTestId('lp-round-error');
    expect(error.textContent).toBe('This round has opened: its terms can no longer be changed');
    expect(error.className).toBe('error-text');
    expect(screen.getByTestId('lp-round-form')).toBeTruthy();
  });

  it("shows the server's message under the form and keeps it open", async () => {
    server({ 'POST /api/v1/admin/launchpad/rounds': () => fail(400, 'The start must be in the future') });
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-round-new'));
    fillGoodForm();
    fireEvent.click(screen.getByTestId('lp-round-save'));
    expect((await screen.findByTestId('lp-round-error')).textContent).toBe('The start must be in the future');
    expect(screen.getByTestId('lp-round-form')).toBeTruthy();
  });

  it('closes a round only after its confirmation', async () => {
    let closed = false;
    const calls = server({
      'GET /api/v1/admin/launchpad/rounds': () =>
        ok({ list: [adminRound(closed ? { state: 'Closed', status: 'closed' } : {})] }),
      'POST /api/v1/admin/launchpad/rounds/3/close': () => {
        closed = true;
        return ok(adminRound({ state: 'Closed', status: 'closed' }));
      },
    });
    renderPage(<LaunchpadAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('lp-admin-close-3'));
    expect(await screen.findByText('Close Seed Round?', undefined, SLOW)).toBeTruthy();
    expect(
      screen.getByText(
        'No more copies will be sold (50 of 200 sold). Copies already bought stay and are released on schedule.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByText('Close Seed Round?')).toBeNull());
    expect(posts(calls)).toEqual([]);

    fireEvent.click(screen.getByTestId('lp-admin-close-3'));
    fireEvent.click(await screen.findByText('Close', { selector: 'button, button *' }, SLOW));
    await waitFor(() => expect(screen.getByTestId('lp-admin-round-state').textContent).toBe('Closed'));
    expect(posts(calls).map((c) => c.path)).toEqual(['/api/v1/admin/launchpad/rounds/3/close']);
    expect(screen.queryByTestId('lp-admin-close-3')).toBeNull();
  });
});
