import { type FundNavEntry, type FundNavPreview, fundNavPreviewSchema } from '@agc/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  ADMIN_A,
  ADMIN_B,
  makeAdminProduct,
  makeNavEntry,
} from '@web/features/fund-admin/testing/fixtures.ts';
import { useAuthStore } from '@web/stores/auth.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { expectFieldError } from '@web/test/field-error.ts';
import { makeMe } from '@web/test/fixtures.ts';
import { type ApiHandler, fail, ok, renderPage, stubApi } from '@web/test/render.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import FundsAdminPage from './FundsAdminPage.tsx';

const PATH = '/pages/admin/funds';

afterEach(cleanupPage);

function server(extra: Record<string, ApiHandler> = {}, pending = [] as ReturnType<typeof makeNavEntry>[]) {
  useAuthStore.setState({ token: 'tok' });
  return stubApi({
    'GET /api/v1/me': () => ok(makeMe({ address: ADMIN_A, roles: ['admin'] })),
    'GET /api/v1/admin/funds/products': () => ok({ list: [makeAdminProduct()] }),
    'GET /api/v1/admin/funds/nav/pending': () => ok({ list: pending }),
    ...extra,
  });
}

const fill = async (nav: string, day = '2025-03-10') => {
  const dayInput = (await screen.findByTestId('fund-nav-3-day')) as HTMLInputElement;
  fireEvent.change(dayInput, { target: { value: day } });
  fireEvent.change(screen.getByTestId('fund-nav-3-value'), { target: { value: nav } });
  fireEvent.click(screen.getByTestId('fund-nav-3-publish'));
};
/** Publish in the confirmation dialog. */
const confirmPublish = async () =>
  fireEvent.click(await screen.findByText('Publish', { selector: '.adm-modal button, .adm-modal button *' }));
const PENDING = { can: true, reason: null };
const OWN = 'A second admin must confirm this NAV: you entered it yourself';
/** The server's preview of a NAV (POST …/nav/preview): the preview's fields of the entry it would make. */
const preview = (over: Partial<FundNavPreview> = {}): FundNavPreview =>
  fundNavPreviewSchema.parse({ ...makeNavEntry(), ...over });
/** The server's answer to a NAV entered above a limit: it waits for a second admin, unpublished, nothing priced. */
const waitingEntry = (over: Partial<FundNavEntry>) =>
  makeNavEntry({
    status: 'PendingConfirmation',
    published_at: null,
    priced: { subscriptions: 0, redemptions: 0 },
    ...over,
  });

describe('admin funds page', () => {
  it('shows each product’s latest NAV; publishing answers Published with what it priced', async () => {
    const calls = server({
      'POST /api/v1/admin/funds/products/3/nav/preview': () => ok(preview()),
      'POST /api/v1/admin/funds/products/3/nav': () =>
        ok(makeNavEntry({ priced: { subscriptions: 1, redemptions: 2 } })),
    });
    renderPage(<FundsAdminPage />, PATH);
    expect((await screen.findByTestId('fund-nav-3-latest')).textContent).toBe(
      'Latest NAV 1.0500 on 2025-03-09',
    );
    // One tap prices every waiting subscription: a confirmation with the change in percent comes first.
    await fill('1.06');
    expect((await screen.findByTestId('fund-nav-change-step')).textContent).toBe(
      '1.0600 for 2025-03-10: 0.95% from the latest NAV (1.0500).',
    );
    expect(screen.getByTestId('fund-nav-change-outcome').textContent).toBe(
      'It is published at once and prices the waiting subscriptions and redemptions.',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/admin/funds/products/3/nav/preview',
    ]);
    await confirmPublish();
    const result = await screen.findByTestId('fund-nav-result');
    expect(result.dataset.status).toBe('Published');
    // Plurals through i18n: "1 subscription", never "1 subscriptions".
    expect(result.textContent).toBe(
      'Published: NAV 1.0600 for 2025-03-10; 1 subscription and 2 redemptions priced',
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/admin/funds/products/3/nav/preview', { day: '2025-03-10', nav: '1.06' }],
      ['/api/v1/admin/funds/products/3/nav', { day: '2025-03-10', nav: '1.06' }],
    ]);
  });

  it('Cancel in the confirmation publishes nothing', async () => {
    const calls = server({ 'POST /api/v1/admin/funds/products/3/nav/preview': () => ok(preview()) });
    renderPage(<FundsAdminPage />, PATH);
    await fill('1.06');
    fireEvent.click(
      await screen.findByText('Cancel', { selector: '.adm-modal button, .adm-modal button *' }),
    );
    await waitFor(() => expect(document.querySelector('.adm-modal')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/admin/funds/products/3/nav/preview',
    ]);
  });

  it('a move above the 7-day limit: the confirmation says it waits, and the answer says why', async () => {
    server({
      'POST /api/v1/admin/funds/products/3/nav/preview': () =>
        ok(
          preview({
            nav: '1.25',
            step_percent: '5.93',
            week_base_nav: '1',
            week_percent: '25.00',
            review: 'week',
          }),
        ),
      'POST /api/v1/admin/funds/products/3/nav': () =>
        ok(waitingEntry({ nav: '1.25', review: 'week', week_percent: '25.00' })),
    });
    renderPage(<FundsAdminPage />, PATH);
    await fill('1.25');
    expect((await screen.findByTestId('fund-nav-change-week')).textContent).toBe(
      '25.00% from 1.0000, the NAV of the 7 days before farthest from it (limit 20%).',
    );
    expect(screen.getByTestId('fund-nav-change-outcome').textContent).toBe(
      'Above the 20% limit over 7 days: it waits for a second admin.',
    );
    await confirmPublish();
    expect((await screen.findByTestId('fund-nav-result')).textContent).toBe(
      'Waiting for a second admin: the move over 7 days is 25.00%, above the 20% limit',
    );
  });

  it('a step above the limit answers waiting for a second admin with the step', async () => {
    server({
      'POST /api/v1/admin/funds/products/3/nav/preview': () =>
        ok(preview({ nav: '1.5', step_percent: '42.86', review: 'step' })),
      'POST /api/v1/admin/funds/products/3/nav': () =>
        ok(waitingEntry({ nav: '1.5', step_percent: '42.86', review: 'step' })),
    });
    renderPage(<FundsAdminPage />, PATH);
    await fill('1.5');
    expect((await screen.findByTestId('fund-nav-change-outcome')).textContent).toBe(
      'Above the 10% daily limit: it waits for a second admin.',
    );
    await confirmPublish();
    const result = await screen.findByTestId('fund-nav-result');
    expect(result.dataset.status).toBe('PendingConfirmation');
    expect(result.textContent).toBe('Waiting for a second admin: the step is 42.86%, above the 10% limit');
  });

  it('refuses an empty, malformed, over-precise, zero or negative NAV before asking the server', async () => {
    const calls = server();
    renderPage(<FundsAdminPage />, PATH);
    for (const [nav, message] of [
      ['', 'Please enter the NAV'],
      ['1,05', 'Please enter the NAV as a number, e.g. 1.0234'],
      ['1.123456789', 'A NAV has at most 8 decimal places'],
      ['0', 'The NAV must be greater than 0'],
      ['-1', 'The NAV must be greater than 0'],
    ] as const) {
      await fill(nav);
      expect((await screen.findByTestId('fund-nav-3-error')).textContent, nav).toBe(message);
      expectFieldError(screen.getByTestId('fund-nav-3-error'), screen.getByTestId('fund-nav-3-value'));
    }
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s refusal of a NAV in the form (its preview refuses what publishing would)', async () => {
    server({
      'POST /api/v1/admin/funds/products/3/nav/preview': () =>
        fail(400, 'A NAV for 2025-03-10 already exists'),
    });
    renderPage(<FundsAdminPage />, PATH);
    await fill('1.06');
    expect((await screen.findByTestId('fund-nav-3-error')).textContent).toBe(
      'A NAV for 2025-03-10 already exists',
    );
    expect(screen.getByTestId('fund-nav-3-error').className).toBe('error-text'); // the form's, above Publish
  });

  it('the admin who entered a pending NAV finds Confirm closed with the server’s reason, and withdraws it', async () => {
    const calls = server(
      {
        'POST /api/v1/admin/funds/nav/52/reject': () =>
          ok(makeNavEntry({ nav_id: '52', nav: '1.5', status: 'Rejected', published_at: null })),
      },
      [
        makeNavEntry({
          nav_id: '52',
          nav: '1.5',
          step_percent: '42.86',
          review: 'step',
          status: 'PendingConfirmation',
          entered_by_you: true,
          confirm: { can: false, reason: OWN },
          reject: PENDING,
        }),
      ],
    );
    renderPage(<FundsAdminPage />, PATH);
    const item = await screen.findByTestId('fund-pending-52');
    expect(item.querySelector('[data-testid="fund-pending-step"]')?.textContent).toBe('42.86%');
    expect(item.querySelector('[data-testid="fund-pending-confirm-reason"]')?.textContent).toBe(OWN);
    expect((item.querySelector('[data-testid="fund-pending-confirm"]') as HTMLButtonElement).disabled).toBe(
      true,
    );
    const withdraw = item.querySelector('[data-testid="fund-pending-reject"]') as HTMLButtonElement;
    expect([withdraw.textContent, withdraw.disabled]).toEqual(['Withdraw', false]);
    fireEvent.click(withdraw);
    expect(
      await screen.findByText(
        'Withdraw the NAV 1.5000 of Steady Income for 2025-03-10? Nothing is priced and the day is free again.',
      ),
    ).toBeTruthy();
    fireEvent.click(await screen.findByText('OK'));
    expect(await screen.findByText('The NAV for 2025-03-10 was rejected; nothing was priced')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/v1/admin/funds/nav/52/reject',
    ]);
    await waitFor(() => expect(document.querySelector('.adm-modal')).toBeNull());
  });

  it('a second admin confirms a pending NAV: published, and the lists are read again', async () => {
    const calls = server(
      {
        'POST /api/v1/admin/funds/nav/52/confirm': () =>
          ok(makeNavEntry({ nav_id: '52', nav: '1.5', confirmed_by: ADMIN_A })),
      },
      [
        makeNavEntry({
          nav_id: '52',
          nav: '1.5',
          status: 'PendingConfirmation',
          entered_by: ADMIN_B,
          confirm: PENDING,
          reject: PENDING,
        }),
      ],
    );
    renderPage(<FundsAdminPage />, PATH);
    const item = await screen.findByTestId('fund-pending-52');
    expect(screen.queryByTestId('fund-pending-confirm-reason')).toBeNull();
    expect((item.querySelector('[data-testid="fund-pending-reject"]') as HTMLElement).textContent).toBe(
      'Reject',
    );
    fireEvent.click(item.querySelector('[data-testid="fund-pending-confirm"]') as HTMLElement);
    fireEvent.click(await screen.findByText('OK'));
    expect(
      await screen.findByText(
        'Published: NAV 1.5000 for 2025-03-10; 4 subscriptions and 2 redemptions priced',
        undefined,
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/v1/admin/funds/nav/pending').length).toBeGreaterThan(1),
    );
  });

  it('creates a product with translations; a bad field is named and nothing is posted', async () => {
    const calls = server({
      'POST /api/v1/admin/funds/products': () => ok({ ...makeAdminProduct({ id: 4, name: 'Growth' }) }),
    });
    renderPage(<FundsAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('fund-product-new'));
    fireEvent.change(screen.getByTestId('fund-product-name'), { target: { value: 'Growth' } });
    fireEvent.change(screen.getByTestId('fund-product-translations'), { target: { value: '{"ja": ' } });
    fireEvent.click(screen.getByTestId('fund-product-save'));
    expect(screen.getByTestId('fund-product-error').textContent).toBe(
      'Please check this field: Translations',
    );
    expectFieldError(
      screen.getByTestId('fund-product-error'),
      screen.getByTestId('fund-product-translations'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('fund-product-translations'), {
      target: { value: '{"ja": {"name": "グロース"}}' },
    });
    fireEvent.change(screen.getByTestId('fund-product-risk'), { target: { value: 'High' } });
    fireEvent.click(screen.getByTestId('fund-product-status-on'));
    fireEvent.click(screen.getByTestId('fund-product-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Growth',
      translations: { ja: { name: 'グロース' } },
      risk: 'High',
      status: 'on',
      minimum_usdt: '100',
      lock_days: '30',
    });
    // The outcome is shown (and the toast is there before the page is cleaned up, not after: a toast opened after
    // the test file's environment is gone unmounts into nothing).
    expect(await screen.findByText('Product saved')).toBeTruthy();
  });

  it('edits a product with PUT', async () => {
    const calls = server({
      'PUT /api/v1/admin/funds/products/3': () => ok(makeAdminProduct({ status: 'off' })),
    });
    renderPage(<FundsAdminPage />, PATH);
    fireEvent.click(await screen.findByTestId('fund-product-edit-3'));
    expect((screen.getByTestId('fund-product-name') as HTMLInputElement).value).toBe('Steady Income');
    fireEvent.click(screen.getByTestId('fund-product-status-off'));
    fireEvent.click(screen.getByTestId('fund-product-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        status: 'off',
        name: 'Steady Income',
      }),
    );
    expect(await screen.findByText('Product saved')).toBeTruthy();
  });
});
