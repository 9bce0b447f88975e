import { AGC_DECIMALS, formatDisplayAmount, parseAmount, type Reward, shortAddress } from '@agc/shared';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { readEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import { openAs } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

const REWARDS = '/pages/rewardList/index';
const usdt = (v: string) => formatDisplayAmount(v, { currency: 'USDT' });
const agc = (v: string) => formatDisplayAmount(v, { currency: 'AGC' });

type Headers = Record<string, string>;

const buy = (account: LocalAccount, headers: Headers) => buyProduct(env, account, headers);

async function rewardsOf(headers: Headers): Promise<Reward[]> {
  return (await (await fetch(`${env.baseURL}/api/v1/profit/all`, { headers })).json()).data.list;
}

/**
 * Signs `account` in (already registered) in a fresh browser context and opens the rewards tab; `lists`
 * collects the reward-list requests the page makes ("all", or the kind asked of profit/type).
 */
async function openRewards(
  browser: Browser,
  account: LocalAccount,
): Promise<{ page: Page; lists: string[] }> {
  const lists: string[] = [];
  const page = await openAs(browser, account, env, {
    prepare: async (context) => {
      context.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname === '/api/v1/profit/all') lists.push('all');
        if (url.pathname === '/api/v1/profit/type') lists.push(`type:${url.searchParams.get('kind')}`);
      });
    },
  });
  await page.getByTestId('tab-1').click();
  await page.waitForURL((u) => u.pathname === REWARDS);
  return { page, lists };
}

test.describe.configure({ mode: 'serial' });

// An inviter with one invitee who bought twice: first while the inviter had no investment (the referral is
// cut whole by the remaining dividends), then after the inviter bought (the referral is paid: 10 % of 100).
const inviter = privateKeyToAccount(generatePrivateKey());
const invitee = privateKeyToAccount(generatePrivateKey());
let inviterHeaders: Headers;
let paid: Reward;
let capped: Reward;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { memberHeaders, inviteeHeaders } = await memberWithInvitee(env, inviter, invitee, 'left');
  inviterHeaders = memberHeaders;
  await buy(invitee, inviteeHeaders);
  await buy(inviter, inviterHeaders);
  await buy(invitee, inviteeHeaders);
  const list = await rewardsOf(inviterHeaders);
  expect(list.map((r) => r.kind)).toEqual(['referral', 'referral']);
  [paid, capped] = list as [Reward, Reward];
});

test('referral reward: after an invitee buys, the inviter sees it under Today on the rewards tab, and its detail', async ({
  browser,
}) => {
  const { page } = await openRewards(browser, inviter);

  await expect(page.getByTestId('rewards-summary-referral')).toHaveText('10.00 USDT');
  await expect(page.getByTestId('rewards-summary-total')).toHaveText('10.00 USDT');

  // Both referrals sit under one "Today" header, the newest (paid) first.
  const list = page.getByTestId('rewards-list');
  await expect(list.getByTestId('rewards-group-1')).toHaveText(en.rewards.group.today);
  await expect(list.locator('[data-testid^="rewards-group-"]')).toHaveCount(1);
  const items = list.locator('[data-testid^="reward-item-"]');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toHaveAttribute('data-testid', `reward-item-${paid.id}`);
  await expect(items.nth(1)).toHaveAttribute('data-testid', `reward-item-${capped.id}`);
  await expect(list.getByTestId('list-no-more')).toHaveText(en.common.noMore);

  const item = page.getByTestId(`reward-item-${paid.id}`);
  await expect(item).toHaveAttribute('data-group', '1');
  await expect(item.getByTestId('reward-kind')).toHaveText(en.rewards.kind.referral);
  await expect(item.getByTestId('reward-amount')).toHaveText('10.00 USDT');
  // The vc share in AGC at the day's price, the rest in USDT.
  await expect(item.getByTestId('reward-usdt')).toHaveText(usdt(paid.credited_usdt));
  await expect(item.getByTestId('reward-agc')).toHaveText(agc(paid.credited_agc));
  expect(parseAmount(paid.credited_agc, AGC_DECIMALS)).toBeGreaterThan(0n);
  await expect(item.getByTestId('reward-capped')).toHaveCount(0);

  // The first referral found no remaining dividends: cut whole, marked so, on one line (no 0.00 USDT row).
  const cut = page.getByTestId(`reward-item-${capped.id}`);
  await expect(cut).toHaveAttribute('data-folded', 'true');
  await expect(cut.getByTestId('reward-amount')).toHaveCount(0);
  await expect(cut.getByTestId('reward-capped')).toHaveText(
    en.rewards.capped.remaining_dividends.replace('{{amount}}', '10.00 USDT'),
  );

  await item.click();
  await page.waitForURL((u) => u.pathname === '/pages/rewardList/detail');
  expect(new URL(page.url()).searchParams.get('id')).toBe(paid.id);
  const field = (name: string) => page.getByTestId(`reward-detail-${name}`);
  await expect(field('kind')).toHaveText(en.rewards.kind.referral);
  await expect(field('base')).toHaveText('100.00 USDT');
  await expect(field('rate')).toHaveText('10%');
  expect(paid.source_address?.toLowerCase()).toBe(invitee.address.toLowerCase());
  await expect(field('source')).toHaveText(shortAddress(paid.source_address));
  await expect(field('amount')).toHaveText('10.00 USDT');
  await expect(field('credited_usdt')).toHaveText(usdt(paid.credited_usdt));
  await expect(field('credited_agc')).toHaveText(agc(paid.credited_agc));
  await expect(field('due')).toHaveText('10.00 USDT');
  await expect(field('cut')).toHaveText('0.00 USDT');
  await expect(field('cut_reason')).toHaveText(en.rewards.cap.none);
  await expect(field('day')).toHaveText(paid.day);

  // Back, and the capped one's detail names its cap.
  await page.getByTestId('nav-back').click();
  await page.getByTestId(`reward-item-${capped.id}`).click();
  await expect(field('due')).toHaveText('10.00 USDT');
  await expect(field('cut')).toHaveText('10.00 USDT');
  await expect(field('cut_reason')).toHaveText(en.rewards.cap.remaining_dividends);

  // An id that is not one of this member's rewards is not found, not a crash.
  await page.goto('/pages/rewardList/detail?id=999999999');
  await expect(page.getByTestId('reward-not-found')).toContainText(en.rewards.notFound);
  await page.context().close();
});

test('rewards tab: filter by kind; the management settle button is disabled at rank 0', async ({
  browser,
}) => {
  const { page, lists } = await openRewards(browser, inviter);
  await expect(page.getByTestId(`reward-item-${paid.id}`)).toBeVisible();
  expect(lists).toEqual(['all']);

  // One kind reads profit/type?kind=, All reads profit/all (still cached here).
  await page.getByTestId('rewards-tab-static').click();
  await expect.poll(() => lists.at(-1)).toBe('type:static');
  await expect(page.getByTestId('rewards-tab-static')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('empty-state')).toContainText(en.common.noData);
  await expect(page.locator('[data-testid^="reward-item-"]')).toHaveCount(0);
  // The summary of every kind stays.
  await expect(page.getByTestId('rewards-summary-referral')).toHaveText('10.00 USDT');

  await page.getByTestId('rewards-tab-referral').click();
  await expect(page.locator('[data-testid^="reward-item-"]')).toHaveCount(2);
  await page.getByTestId('rewards-tab-pairing').click();
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.getByTestId('rewards-tab-all').click();
  await expect(page.locator('[data-testid^="reward-item-"]')).toHaveCount(2);
  expect(lists).toEqual(['all', 'type:static', 'type:referral', 'type:pairing']);

  await expect(page.getByTestId('rewards-mng-rank')).toHaveAttribute('data-rank', '0');
  await expect(page.getByTestId('rewards-mng-base')).toHaveText('0.00 USDT');
  await expect(page.getByTestId('rewards-mng-settle')).toBeDisabled();
  await expect(page.getByTestId('rewards-mng-hint')).toHaveText(en.rewards.mng.rankZero);
  await page.context().close();
});
