import { devAccount } from '@agc/contracts';
import { formatAmount, formatDisplayAmount, parseAmount, type Solvency, USDT_DECIMALS } from '@agc/shared';
import { expect, test } from '@playwright/test';
import { createPublicClient, createTestClient, createWalletClient, erc20Abi, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { type E2EEnv, readEnv } from '../support/env.ts';
import { buyProduct, memberWithInvitee } from '../support/fund.ts';
import { startServer, stopServer } from '../support/server.ts';
import { openAs } from '../support/sign-up.ts';
import { en, webTexts } from '../support/texts.ts';

// The solvency page: the demo admin (development account 0) sees each token's treasury balance, read at
// the block the page names (checked against the chain at that block), its liabilities by period and coverage, in
// English and Japanese; a member who types the address sees 'Admins only'. On a server of its own, the vault drained
// below what members can withdraw within 72 hours: the page warns.
const env = readEnv();
test.use({ baseURL: env.baseURL });
const admin = devAccount(0);
const shots = process.env.SOLVENCY_SHOTS;

test('the demo admin sees the solvency figures and the block they were read at', async ({ browser }) => {
  const page = await openAs(browser, admin, env);
  await page.goto('/pages/admin/solvency');
  await expect(page.getByTestId('solvency')).toBeVisible();
  const blockText = (await page.getByTestId('solvency-block').textContent()) ?? '';
  const number = /(\d+)/.exec(blockText)?.[1];
  expect(number, blockText).toBeDefined();
  expect(blockText).toBe(en.solvency.block.replace('{{number}}', number ?? ''));

  // The page's USDT balance is what the treasury held at that block.
  const { headers } = await apiSession(env.baseURL, admin);
  const answer: Solvency = (await (await fetch(`${env.baseURL}/api/v1/admin/solvency`, { headers })).json())
    .data;
  const holders = answer.assets.find((a) => a.asset === 'USDT')?.holders ?? [];
  const client = createPublicClient({ transport: http(env.rpcUrl) });
  const config = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data;
  let total = 0n;
  for (const h of holders)
    total += await client.readContract({
      address: config.contracts.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [h.address as `0x${string}`],
      blockNumber: BigInt(number ?? '0'),
    });
  expect(total).toBeGreaterThan(0n);
  await expect(page.getByTestId('solvency-usdt-assets')).toHaveText(
    formatDisplayAmount(formatAmount(total, USDT_DECIMALS), { currency: 'USDT' }),
  );
  await expect(page.getByTestId('solvency-usdt-liabilities')).toHaveText(/USDT$/);
  await expect(page.getByTestId('solvency-usdt-coverage')).toHaveText(/%$|^Nothing owed$/);
  await expect(page.getByTestId('solvency-agc')).toBeVisible();
  await expect(page.getByTestId('solvency-usdt-now')).toContainText(en.solvency.bucket.now);
  if (shots) await page.screenshot({ path: `${shots}/solvency-en.png`, fullPage: true });

  // Japanese: the same page in the member's language.
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
  const ja = webTexts('ja');
  await expect(page.getByTestId('solvency-usdt-now')).toContainText(ja.solvency.bucket.now);
  if (shots) await page.screenshot({ path: `${shots}/solvency-ja.png`, fullPage: true });
  await page.context().close();
});

test('a member who types the address sees Admins only', async ({ browser }) => {
  const member = privateKeyToAccount(generatePrivateKey());
  const root = await apiSession(env.baseURL, admin);
  const me = (await (await fetch(`${env.baseURL}/api/v1/me`, { headers: root.headers })).json()).data;
  await apiSession(env.baseURL, member, { code: me.invite_code, side: 'left' });
  const page = await openAs(browser, member, env);
  await page.goto('/pages/admin/solvency');
  await expect(page.getByTestId('solvency-no-permission')).toContainText(en.solvency.noPermission);
  await page.context().close();
});

test('warns when the vault is drained below what is payable within 72 hours (its own server)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const own: E2EEnv = await startServer();
  try {
    // A member and an invitee buy: the member's referral reward is available USDT (a liability payable now).
    const member = privateKeyToAccount(generatePrivateKey());
    const invitee = privateKeyToAccount(generatePrivateKey());
    const signedUp = await memberWithInvitee(own, member, invitee, 'left');
    await buyProduct(own, member, signedUp.memberHeaders);
    await buyProduct(own, invitee, signedUp.inviteeHeaders);
    const { headers } = await apiSession(own.baseURL, admin);
    const read = async (): Promise<Solvency> =>
      (await (await fetch(`${own.baseURL}/api/v1/admin/solvency`, { headers })).json()).data;
    const before = (await read()).assets.find((a) => a.asset === 'USDT');
    expect(before?.covered_72h).toBe(true);
    const due = parseAmount(before?.due_72h ?? '0', USDT_DECIMALS);
    expect(due).toBeGreaterThan(0n);

    // The vault sends all but half of that away (anvil impersonation).
    const config = (await (await fetch(`${own.baseURL}/api/v1/config`)).json()).data;
    const vault = config.contracts.bank as `0x${string}`;
    const transport = http(own.rpcUrl);
    const client = createPublicClient({ transport });
    const held = await client.readContract({
      address: config.contracts.usdt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [vault],
    });
    const testClient = createTestClient({ mode: 'anvil', transport });
    await testClient.impersonateAccount({ address: vault });
    await testClient.setBalance({ address: vault, value: parseEther('1') });
    const hash = await createWalletClient({ account: vault, transport }).writeContract({
      chain: null,
      address: config.contracts.usdt,
      abi: erc20Abi,
      functionName: 'transfer',
      args: ['0x000000000000000000000000000000000000dEaD', held - due / 2n],
    });
    await client.waitForTransactionReceipt({ hash });
    await testClient.stopImpersonatingAccount({ address: vault });

    const page = await openAs(browser, admin, own);
    await page.goto('/pages/admin/solvency');
    const warning = page.getByTestId('solvency-usdt-warning');
    await expect(warning).toBeVisible();
    const shortfall = formatDisplayAmount(formatAmount(due - due / 2n, USDT_DECIMALS), { currency: 'USDT' });
    await expect(warning).toHaveText(
      en.solvency.warning.replace('{{asset}}', 'USDT').replace('{{amount}}', shortfall),
    );
    await expect(page.getByTestId('solvency-usdt-status')).toHaveText(en.solvency.notCovered72);
    await expect(page.getByTestId('solvency-usdt-coverage')).toHaveText(/^\d+\.\d{2}%$/);
    if (shots) await page.screenshot({ path: `${shots}/solvency-short-en.png`, fullPage: true });
    await page.evaluate(() => localStorage.setItem('lang', 'ja'));
    await page.reload();
    await expect(page.getByTestId('solvency-usdt-status')).toHaveText(webTexts('ja').solvency.notCovered72);
    if (shots) await page.screenshot({ path: `${shots}/solvency-short-ja.png`, fullPage: true });
    await page.context().close();
  } finally {
    await stopServer(own);
  }
});
