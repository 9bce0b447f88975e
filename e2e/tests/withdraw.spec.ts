import { devAccount } from '@agc/contracts';
import { formatDisplayAmount, parseAmount } from '@agc/shared';
import { expect, test } from '@playwright/test';
import { createPublicClient, erc20Abi, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { readEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import { connectAndWaitForHome, openAs } from '../support/sign-up.ts';
import { installTestWallet } from '../support/test-wallet.ts';
import { en, webTexts } from '../support/texts.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

type Headers = Record<string, string>;
// Home shows amounts the spec's way: grouped, 2–4 decimals, USDT amounts saying USDT.
const usd = (v: string) => formatDisplayAmount(v, { currency: 'USDT' });

const api = async (url: string, headers: Headers) =>
  (await (await fetch(`${env.baseURL}/api/v1/${url}`, { headers })).json()).data;

// A member earns a referral (its invitee buys after it bought: 10 % of 100 = 10 USDT, 80 % in USDT), then
// withdraws 5 USDT of it in the browser; the admin approves it on the audit page; the member claims it in
// the wallet and sees Success, the USDT in the wallet and home's balances moved.
const member = privateKeyToAccount(generatePrivateKey());
const invitee = privateKeyToAccount(generatePrivateKey());
let memberHeaders: Headers;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const signedUp = await memberWithInvitee(env, member, invitee, 'right');
  memberHeaders = signedUp.memberHeaders;
  const { inviteeHeaders } = signedUp;
  await buyProduct(env, member, memberHeaders);
  await buyProduct(env, invitee, inviteeHeaders);
  expect((await api('me', memberHeaders)).available_profit).toBe('8');
});

test('request → admin approves on the audit page → member claims in the wallet → Success, balances updated', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await openAs(browser, member, env);
  await expect(page.getByTestId('home-available_profit')).toContainText(usd('8'));
  await page.getByTestId('home-withdraw-link').click();
  await page.waitForURL((u) => u.pathname === '/pages/withdrawal/index');

  // The spec's messages: nothing entered, then more than the balance.
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-amount-error')).toHaveText(en.withdraw.errors.amount_required);
  await page.getByTestId('withdraw-amount').fill('8.5');
  await expect(page.getByTestId('withdraw-amount-error')).toHaveText(en.withdraw.errors.insufficient_usdt);
  await page.getByTestId('withdraw-type-2').click();
  await page.getByTestId('withdraw-amount').fill('100');
  await expect(page.getByTestId('withdraw-amount-error')).toHaveText(en.withdraw.errors.insufficient_agc);
  await page.getByTestId('withdraw-type-1').click();

  // Fee (5 %) and the amount received shown before confirming, from withdraw/check.
  await page.getByTestId('withdraw-amount').fill('5');
  await expect(page.getByTestId('withdraw-fee')).toContainText('0.25');
  await expect(page.getByTestId('withdraw-received')).toContainText('4.75');
  await page.getByTestId('withdraw-submit').click();
  const confirm = page.getByTestId('withdraw-confirm');
  await expect(confirm.getByTestId('withdraw-confirm-received')).toContainText('4.75');
  await page.locator('.adm-modal').getByRole('button', { name: en.withdraw.confirm }).click();
  await page.waitForURL((u) => u.pathname === '/pages/withdrawal/withdrawalSunccess');
  await expect(page.getByTestId('withdraw-status')).toHaveAttribute('data-status', 'Auditing');
  // One message: the success page's title, no toast saying it again on top.
  await expect(page.getByText(en.withdraw.submitted)).toHaveCount(1);
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);

  const [request] = (await api('withdraws', memberHeaders)).list;
  expect(request).toMatchObject({ amount: '5', service_fee: '0.25', received: '4.75', status: 'Auditing' });
  const id: string = request.id;
  const me = await api('me', memberHeaders);
  expect([me.available_profit, me.locked_profit]).toEqual(['3', '5']);

  // The admin approves it on the audit page.
  const admin = await openAs(browser, devAccount(0), env);
  await admin.goto('/pages/admin/audit');
  const item = admin.getByTestId(`withdraw-audit-item-${id}`);
  await item.getByTestId('withdraw-audit-approve').click();
  await expect(admin.getByTestId('withdraw-audit-confirm')).toHaveAttribute('data-action', 'approve');
  await admin.getByTestId('withdraw-audit-confirm-ok').click();
  await expect(admin.getByText(en.withdrawAudit.approveDone.replace('{{id}}', id))).toBeVisible();
  await expect(item).toHaveCount(0);
  expect((await api(`withdraw/${id}`, memberHeaders)).status).toBe('Withdrawable');

  // The member claims it from the list: the vault transaction goes out from the wallet, the watcher sees it.
  const chain = createPublicClient({ transport: http(env.rpcUrl) });
  const token = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data.contracts.usdt;
  const balance = () =>
    chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [member.address] });
  const before = await balance();
  await page.goto('/pages/withdrawal/list');
  const row = page.getByTestId(`withdraw-item-${id}`);
  await expect(row).toHaveAttribute('data-status', 'Withdrawable');
  await row.getByTestId('withdraw-claim').click();
  await expect(row).toHaveAttribute('data-status', 'Success', { timeout: 60_000 });
  expect(await balance()).toBe(before + parseAmount('4.75', 6));

  // The detail shows the claim transaction with its explorer link; the voucher's deadline no longer matters.
  await row.getByTestId('withdraw-item-open').click();
  await expect(page.getByTestId('withdraw-detail-status')).toContainText('Success');
  const done = await api(`withdraw/${id}`, memberHeaders);
  expect(done.claim_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
  await expect(page.getByTestId('withdraw-detail-claim_tx_hash').locator('a')).toHaveAttribute(
    'href',
    done.explorer_url,
  );
  await expect(page.getByTestId('withdraw-detail-voucher_deadline')).toHaveCount(0);

  // Home: the 5 left available for locked, and locked is paid out.
  await page.goto('/');
  await expect(page.getByTestId('home-available_profit')).toContainText(usd('3'));
  await expect(page.getByTestId('home-locked_profit')).toContainText(usd('0'));
});

// At 390 px the withdrawal list's tabs once ended in "Reje…" and Thai's order list had its Canceled
// tab off screen. Every tab must show its whole title (nothing ellipsised or squeezed), be reachable
// (in the row, or by scrolling it) and, once chosen, be wholly in view.
test('status tabs at 390 px in Thai: every title whole, every tab reachable, the chosen one in view', async ({
  page,
}) => {
  const th = webTexts('th');
  await page.addInitScript(() => localStorage.setItem('lang', 'th'));
  await installTestWallet(page, { account: member, rpcUrl: env.rpcUrl, startChainId: 42161 });
  await connectAndWaitForHome(page);
  expect(page.viewportSize()?.width).toBe(390);

  const lists = [
    {
      path: '/pages/withdrawal/list',
      titles: [
        th.withdraw.all,
        ...(['Auditing', 'Withdrawable', 'Success', 'Rejected'] as const).map((s) => th.withdraw.status[s]),
      ],
    },
    { path: '/pages/shop/orderList', titles: null },
  ];
  for (const { path, titles } of lists) {
    await page.goto(path);
    const row = page.getByRole('tablist').first();
    const tabs = row.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    if (titles) await expect(tabs).toHaveText(titles);
    const count = await tabs.count();
    expect(count, path).toBeGreaterThanOrEqual(4);
    // The row scrolls (or fits); the page itself never gets wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    const reach = await row.evaluate((el) => ({
      scroll: el.scrollWidth,
      left: el.getBoundingClientRect().left,
    }));
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      // Whole title: no ellipsis, no text wider than its tab, one line.
      const fit = await tab.evaluate((el) => ({
        overflow: el.scrollWidth - el.clientWidth,
        ellipsis: getComputedStyle(el).textOverflow,
        lines: Math.round(
          el.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(el).lineHeight),
        ),
        offsetEnd: (el as HTMLElement).offsetLeft + (el as HTMLElement).offsetWidth,
      }));
      expect(fit.overflow, `${path} tab ${i}`).toBeLessThanOrEqual(0);
      expect(fit.ellipsis, `${path} tab ${i}`).not.toBe('ellipsis');
      // Reachable: inside the row's scrollable width.
      expect(fit.offsetEnd, `${path} tab ${i}`).toBeLessThanOrEqual(reach.scroll);
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      const box = await tab.boundingBox();
      if (!box) throw new Error(`${path} tab ${i} has no box`);
      expect(box.x, `${path} tab ${i} left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${path} tab ${i} right edge`).toBeLessThanOrEqual(390);
      expect(box.height, `${path} tab ${i} tap target`).toBeGreaterThanOrEqual(44);
    }
  }
});
