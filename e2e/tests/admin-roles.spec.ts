import { devAccount } from '@agc/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import type { E2EEnv } from '../support/env.ts';
import { startServer, stopServer } from '../support/server.ts';
import { openAs as openAsOn } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

// Roles: the demo seed's admin (development account 0) grants `analyst` to a member on the roles page (a confirm step
// first); the member, in a fresh session, finds Analytics in the Admin section, sees its charts, and meets 'Admins
// only' on the withdrawal audit. Granting `admin` waits for a second admin (here one from ADMIN_ADDRESSES): the one
// who asked finds Confirm closed with the server's reason, the other confirms it. A member opening every admin page
// the admin's Account page offers sees 'Admins only' on each.
// Its own server: the roles it grants would change what other specs' members may do.

const admin = devAccount(0);
const second = privateKeyToAccount(generatePrivateKey());
const analyst = privateKeyToAccount(generatePrivateKey());
const candidate = privateKeyToAccount(generatePrivateKey());
const member = privateKeyToAccount(generatePrivateKey());
let server: E2EEnv;

const openAs = (browser: Browser, account: LocalAccount): Promise<Page> => openAsOn(browser, account, server);
const lower = (a: LocalAccount) => a.address.toLowerCase();

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startServer({ ADMIN_ADDRESSES: second.address });
  const root = await apiSession(server.baseURL, admin);
  for (const account of [second, analyst, candidate, member])
    await apiSession(server.baseURL, account, { code: root.me.invite_code, side: 'left' });
});

test.afterAll(async () => {
  if (server) await stopServer(server);
});

/**
 * On the roles page: types the address, picks the role, sends, and confirms in the dialog that says what will happen;
 * the form then says what the server answered.
 */
async function grant(page: Page, account: LocalAccount, role: 'admin' | 'auditor' | 'analyst') {
  await page.getByTestId('roles-grant-address').fill(account.address);
  await page.getByTestId(`roles-grant-role-${role}`).click();
  await page.getByTestId('roles-grant-submit').click();
  const modal = page.locator('.adm-modal');
  await expect(modal.getByTestId('roles-grant-confirm-text')).toContainText(lower(account));
  await modal.getByRole('button', { name: en.adminRoles.grant.submit }).click();
}

test('an admin grants analyst; the member then has Analytics with charts and meets Admins only on the audit', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await openAs(browser, admin);
  await page.goto('/pages/admin/roles');
  await expect(page.getByTestId('roles-page')).toBeVisible();
  // The configured admin is listed from configuration, without Revoke.
  const configured = page.getByTestId(`roles-holder-${lower(second)}`);
  await expect(configured.getByTestId('roles-from-config')).toHaveText(en.adminRoles.fromConfig);
  await expect(configured.getByTestId('roles-revoke-admin')).toHaveCount(0);

  // Bad input first: an address cut short, then a wallet that never signed up (the server's refusal).
  await page.getByTestId('roles-grant-address').fill(analyst.address.slice(0, 20));
  await page.getByTestId('roles-grant-submit').click();
  await expect(page.getByTestId('roles-grant-error')).toHaveText(en.adminRoles.grant.addressInvalid);
  const stranger = privateKeyToAccount(generatePrivateKey());
  await grant(page, stranger, 'analyst');
  await expect(page.getByTestId('roles-grant-error')).toHaveText(
    `${lower(stranger)} is not a member: only a member who has signed up can hold a role`,
  );
  await expect(page.getByTestId(`roles-holder-${lower(stranger)}`)).toHaveCount(0);

  await grant(page, analyst, 'analyst');
  await expect(page.getByText(en.adminRoles.grant.granted)).toBeVisible();
  const holder = page.getByTestId(`roles-holder-${lower(analyst)}`);
  await expect(holder.getByTestId('roles-holder-role-analyst')).toContainText(en.adminRoles.role.analyst);
  await expect(holder.getByTestId('roles-revoke-analyst')).toBeVisible();
  // Held already: said under the form.
  await grant(page, analyst, 'analyst');
  await expect(page.getByTestId('roles-grant-error')).toHaveText(
    'This member already holds the analyst role',
  );
  await page.context().close();

  // The member, in a fresh session: the Admin section offers what analysts open.
  const mine = await openAs(browser, analyst);
  await mine.goto('/pages/my/index');
  await expect(mine.getByText(en.my.admin.heading, { exact: true })).toBeVisible();
  await expect(mine.getByTestId('menu-admin-adminAnalytics')).toBeVisible();
  await expect(mine.getByTestId('menu-admin-adminWithdrawAudit')).toHaveCount(0);
  await expect(mine.getByTestId('menu-admin-adminRoles')).toHaveCount(0);
  await mine.getByTestId('menu-admin-adminAnalytics').click();
  await mine.waitForURL((u) => u.pathname === '/pages/admin/analytics');
  await expect(mine.locator('.uplot canvas').first()).toBeVisible({ timeout: 20_000 });
  // Typed in, the withdrawal audit answers 'Admins only'.
  await mine.goto('/pages/admin/audit');
  await expect(mine.getByTestId('withdraw-audit-no-permission')).toHaveText(en.withdrawAudit.noPermission);
  await mine.context().close();
});

test('granting admin waits for a second admin: the requester cannot confirm, the configured admin does', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await openAs(browser, admin);
  await page.goto('/pages/admin/roles');
  await grant(page, candidate, 'admin');
  await expect(page.getByText(en.adminRoles.grant.pending)).toBeVisible();
  const pending = page.getByTestId('roles-pending');
  // The server says the one who asked may not confirm: Confirm is closed, with its reason.
  await expect(pending.getByTestId('roles-request-confirm-reason')).toHaveText(
    'You asked for this change: another admin must confirm it',
  );
  await expect(pending.locator('button[data-testid^="roles-request-confirm-"]').first()).toBeDisabled();
  await expect(page.getByTestId(`roles-holder-${lower(candidate)}`)).toHaveCount(0);
  await page.context().close();

  // The candidate is no admin yet.
  const before = await openAs(browser, candidate);
  await before.goto('/pages/admin/roles');
  await expect(before.getByTestId('roles-no-permission')).toHaveText(en.adminRoles.noPermission);
  await before.context().close();

  const other = await openAs(browser, second);
  await other.goto('/pages/admin/roles');
  const request = other
    .getByTestId('roles-pending')
    .locator('li')
    .filter({ hasText: lower(candidate).slice(0, 8) });
  await expect(request.getByTestId('roles-request-confirm-reason')).toHaveCount(0);
  await request.locator('button[data-testid^="roles-request-confirm-"]').click();
  // The confirmation's own button (the modal's), not the list's.
  const modal = other.locator('.adm-modal');
  await expect(modal.getByText('Grant Admin to this member?')).toBeVisible();
  await modal.getByRole('button', { name: en.adminRoles.pending.confirm }).click();
  await expect(other.getByTestId('roles-pending')).toHaveCount(0);
  await expect(
    other.getByTestId(`roles-holder-${lower(candidate)}`).getByTestId('roles-holder-role-admin'),
  ).toBeVisible();
  // The audit log tells the story, newest first.
  await other.goto('/pages/admin/auditLog');
  await other.getByTestId('audit-log-filter-action').fill('role.');
  await other.getByTestId('audit-log-filter-apply').click();
  const actions = other.getByTestId('audit-entry-action');
  await expect(actions).toHaveText(['role.confirm', 'role.request', 'role.grant']);
  await other.context().close();

  const after = await openAs(browser, candidate);
  await after.goto('/pages/admin/roles');
  await expect(after.getByTestId('roles-page')).toBeVisible();
  await after.context().close();
});

test('a member who types any admin URL sees Admins only (every admin page the admin is offered)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The admin's Account page offers every admin page: collect where each one opens.
  const page = await openAs(browser, admin);
  await page.goto('/pages/my/index');
  const items = page.locator('[data-testid^="menu-admin-"]');
  await expect(items.first()).toBeVisible();
  const ids = await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  expect(ids.length).toBeGreaterThanOrEqual(10);
  const urls: string[] = [];
  for (const id of ids) {
    await page.getByTestId(id).click();
    await page.waitForURL((u) => u.pathname.startsWith('/pages/admin/'));
    urls.push(new URL(page.url()).pathname);
    await page.goto('/pages/my/index');
  }
  await page.context().close();

  const mine = await openAs(browser, member);
  for (const url of urls) {
    await mine.goto(url);
    await expect(mine.getByText(/^Admins only: /), url).toBeVisible({ timeout: 15_000 });
  }
  await mine.context().close();
});
