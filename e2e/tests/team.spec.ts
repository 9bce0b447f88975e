import { devAccount } from '@agc/contracts';
import { expect, type Page, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { buyProduct, fund } from '../support/fund.ts';
import { openAs, signUp } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

const INVITE = '/pages/my/invite/index';
const TEAM = '/pages/index/team_user';
const REWARDS = '/pages/admin/rewardDistribution';

/** The team_user card of `address` (the card's address carries the full address as its title). */
const teamCard = (page: Page, address: string) =>
  page
    .locator('[data-testid^="team-user-"][class~="team-user"]')
    .filter({ has: page.locator(`[data-testid="team-user-address"][title="${address.toLowerCase()}" i]`) });

test('the invite page shows the code, both links and the QR code of the chosen side; copy says so', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseURL });
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const wallet = await signUp(page, rootCode, 'right');
  const me = await apiSession(env.baseURL, wallet.account);

  await page.getByTestId('tab-3').click();
  await page.getByTestId('menu-invite').click();
  await page.waitForURL((u) => u.pathname === INVITE);
  await expect(page.getByTestId('invite-code')).toHaveText(me.me.invite_code);
  const left = `${env.baseURL}/pages/login/index?code=${me.me.invite_code}&side=left`;
  const right = `${env.baseURL}/pages/login/index?code=${me.me.invite_code}&side=right`;
  await expect(page.getByTestId('invite-link-left')).toHaveText(left);
  await expect(page.getByTestId('invite-link-right')).toHaveText(right);
  await expect(page.getByTestId('invite-count-all')).toHaveText('0');
  await expect(page.getByTestId('invite-bonus')).toContainText('%');

  const qr = page.getByTestId('invite-qr');
  await expect(qr).toBeVisible();
  await expect(qr).toHaveAttribute('data-value', left);
  await page.getByTestId('invite-qr-right').click();
  await expect(qr).toHaveAttribute('data-value', right);

  await page.getByTestId('invite-copy-left').click();
  await expect(page.getByText(en.common.copySuccess)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(left);
  // The spec's 1 s toast (antd closes it after the duration, then fades out).
  await expect(page.getByText(en.common.copySuccess)).toBeHidden({ timeout: 2_500 });

  await page.getByTestId('invite-tree-link').click();
  await page.waitForURL((u) => u.pathname === '/pages/my/invite/inviteTree');
});

test("a member who signs up through the left link is on the inviter's team: direct, left, deactivated until they buy", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const inviter = await signUp(page, rootCode, 'left');
  await page.goto(INVITE);
  const link = new URL((await page.getByTestId('invite-link-left').textContent()) ?? '');

  // The invitee opens the left link in another browser and signs up with it.
  const invitee = privateKeyToAccount(generatePrivateKey());
  const inviteePage = await openAs(browser, invitee, env, { loginUrl: `${link.pathname}${link.search}` });
  await inviteePage.context().close();

  await page.goto('/');
  await page.getByTestId('home-team-link').click();
  await page.waitForURL((u) => u.pathname === TEAM);
  const card = teamCard(page, invitee.address);
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('team-user-relation')).toHaveAttribute('data-relation', 'direct');
  await expect(card.getByTestId('team-user-sector')).toHaveAttribute('data-sector', 'left');
  await expect(card.getByTestId('team-user-status')).toHaveAttribute('data-status', 'deactivated');
  await expect(card.getByTestId('team-user-inviter')).toHaveAttribute(
    'title',
    new RegExp(`^${inviter.account.address}$`, 'i'),
  );
  // The team counts are live (they once said "Team members 0" above an active member until the daily
  // settlement): the whole team is the one invitee, not valid yet, and no "as of" date.
  const summary = async (scope: 'team' | 'direct', all: string, valid: string) => {
    await page.getByTestId(`team-scope-${scope}`).click();
    await expect(page.getByTestId('team-summary-all')).toHaveText(all);
    await expect(page.getByTestId('team-summary-valid')).toHaveText(valid);
    await expect(page.getByTestId('team-summary-as-of')).toHaveCount(0);
  };
  await summary('team', '1', '0');
  await expect(teamCard(page, invitee.address)).toHaveCount(1);
  await page.getByTestId('team-scope-direct').click();
  await page.getByTestId('team-sector-right').click();
  await expect(teamCard(page, invitee.address)).toHaveCount(0);
  await page.getByTestId('team-sector-left').click();
  await page.getByTestId('team-status-active').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();

  // The invitee buys: an order paid on chain (outside the app), confirmed by the watcher.
  await fund(env, invitee.address);
  await buyProduct(env, invitee, (await apiSession(env.baseURL, invitee)).headers);

  await page.reload();
  await page.getByTestId('team-status-active').click();
  const active = teamCard(page, invitee.address);
  await expect(active.getByTestId('team-user-status')).toHaveAttribute('data-status', 'active');
  await expect(active.getByTestId('team-user-investment')).toContainText('100');
  // Valid at once, before any settlement; the counts agree with the team list.
  await page.getByTestId('team-status-all').click();
  await summary('team', '1', '1');
  await expect(teamCard(page, invitee.address)).toHaveCount(1);
});

test('reward distribution: "admins only" for a member, the preview for an admin', async ({
  page,
  browser,
}) => {
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  await signUp(page, rootCode, 'left');
  await page.goto(REWARDS);
  await expect(page.getByTestId('settlement-no-permission')).toContainText(en.settlement.noPermission);

  const admin = await openAs(browser, devAccount(0), env);
  await admin.goto(REWARDS);
  await expect(admin.getByTestId('settlement-preview')).toBeVisible();
  await expect(admin.getByTestId('settlement-no-permission')).toHaveCount(0);
  // Either the next day to settle with its totals (and Run, which asks first), or every day settled.
  await expect(
    admin.getByTestId('settlement-totals').or(admin.getByTestId('settlement-all-settled')),
  ).toBeVisible();
  const run = admin.getByTestId('settlement-run');
  if (await run.isVisible()) {
    const day = await admin.getByTestId('settlement-day').inputValue();
    await run.click();
    const modal = admin.locator('.adm-modal');
    await expect(modal).toContainText(day);
    await expect(
      modal.getByTestId('settlement-paid').or(modal.getByTestId('settlement-confirm')),
    ).toBeVisible();
    await modal.getByRole('button', { name: en.common.cancel }).click();
    await expect(modal).toBeHidden();
    await expect(admin.getByTestId('settlement-state')).toHaveAttribute('data-state', 'open');
  }
  // The daily job settles past days when the server starts: a settled day shows its recorded run.
  const first = admin.locator('[data-testid^="settlement-history-2"]').first();
  await expect(first).toBeVisible();
  const settledDay = ((await first.getAttribute('data-testid')) ?? '').replace('settlement-history-', '');
  await first.click();
  await expect(admin.getByTestId('settlement-preview')).toHaveAttribute('data-day', settledDay);
  await expect(admin.getByTestId('settlement-state')).toHaveAttribute('data-state', 'settled');
  await expect(admin.getByTestId('settlement-run-by')).toHaveText(en.settlement.dailyJob);
  await expect(admin.getByTestId('settlement-duration')).toContainText('s');
  await expect(admin.getByTestId('settlement-run')).toHaveCount(0);
  await admin.context().close();
});
