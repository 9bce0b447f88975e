import { devAccount } from '@agc/contracts';
import { expect, type Page, test } from '@playwright/test';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { connectAndWaitForHome, signUp } from '../support/sign-up.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import { webTexts } from '../support/texts.ts';

// The account page: its banners, the Admin section of role holders.

const env = readEnv();
const en = webTexts('en');

/** The carousel slide holding the banner `selector` matches (the order depends on what is live). */
async function slideOf(page: Page, selector: string): Promise<number> {
  const slides = page.locator('[data-testid^="banners-slide-"]');
  await expect(page.locator(selector).first()).toBeAttached();
  const count = await slides.count();
  for (let i = 0; i < count; i++) if ((await slides.nth(i).locator(selector).count()) > 0) return i;
  throw new Error(`no banner slide holds ${selector}`);
}

test.use({ baseURL: env.baseURL });

test('an admin finds the admin pages on the account page; banners open their pages', async ({ page }) => {
  await installTestWallet(page, { account: devAccount(0), rpcUrl: env.rpcUrl, startChainId: 42161 });
  await connectAndWaitForHome(page);
  await page.goto('/pages/my/index');
  await expect(page.getByText(en.my.admin.heading, { exact: true })).toBeVisible();
  for (const key of ['adminOrderAudit', 'adminWithdrawAudit', 'adminRewardDistribution', 'adminAnalytics']) {
    await expect(page.getByTestId(`menu-admin-${key}`)).toBeVisible();
  }
  await page.getByTestId('menu-admin-adminWithdrawAudit').click();
  await page.waitForURL((u) => u.pathname === '/pages/admin/audit');
  await page.goBack();

  // The invite bonus banner (its rate from the server's configuration) opens the invite page.
  const invite = page.getByTestId('banner-invite');
  const config = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data;
  await expect(invite).toContainText(`${config.rates.referral_max}%`);
  await page.getByTestId('banners-pause').click(); // stays on the slide it is on
  await page.getByTestId('banners-dot-0').click();
  await invite.click();
  await page.waitForURL((u) => u.pathname === '/pages/my/invite/index');
  await page.goBack();

  // The launchpad banner (the demo round is open, with copies left) opens its round.
  await page.getByTestId('banners-pause').click();
  await page.getByTestId(`banners-dot-${await slideOf(page, '[data-testid^="banner-launchpad-"]')}`).click();
  await page.locator('[data-testid^="banner-launchpad-"]').first().click();
  await page.waitForURL((u) => u.pathname === '/pages/launchpad/detail' && u.searchParams.has('id'));
  await page.goBack();

  // The simple-earn banner (its "up to" APY from the configuration) opens simple earn.
  await page.getByTestId('banners-pause').click();
  await page.getByTestId(`banners-dot-${await slideOf(page, '[data-testid^="banner-earn"]')}`).click();
  await expect(page.locator('[data-testid^="banner-earn"]').first()).toContainText(
    `${config.rates.easy_earn_apy_max}%`,
  );
  await page.locator('[data-testid^="banner-earn"]').first().click();
  await page.waitForURL((u) => u.pathname === '/pages/easyEarn/index');
  await page.goBack();

  // The fund banner (the best expected yield on sale, English is a fund language) opens that fund's page.
  await page.getByTestId('banners-pause').click();
  await page.getByTestId(`banners-dot-${await slideOf(page, '[data-testid^="banner-fund-"]')}`).click();
  await page.locator('[data-testid^="banner-fund-"]').first().click();
  await page.waitForURL((u) => u.pathname === '/pages/found/detail' && u.searchParams.has('id'));
  await page.goBack();

  // A product banner opens the shop.
  await page.getByTestId('banners-pause').click();
  await page.getByTestId(`banners-dot-${await slideOf(page, '[data-testid^="banner-product-"]')}`).click();
  await page.locator('[data-testid^="banner-product-"]').first().click();
  await page.waitForURL((u) => u.pathname === '/pages/shop/index');
});

test('a member without a role has no Admin section', async ({ page }) => {
  const code = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  await signUp(page, code);
  await page.goto('/pages/my/index');
  await expect(page.getByTestId('banner-invite')).toBeVisible();
  await expect(page.getByText(en.my.admin.heading, { exact: true })).toHaveCount(0);
  await expect(page.locator('[data-testid^="menu-admin-"]')).toHaveCount(0);
});
