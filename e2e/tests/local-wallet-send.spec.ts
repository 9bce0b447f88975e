import { agcAbi, devAccount, mockUsdtAbi } from '@agc/contracts';
import { expect, type Page, test } from '@playwright/test';
import { type Address, createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { fund } from '../support/fund.ts';
import { webTexts } from '../support/texts.ts';

// The local wallet's sending pages on anvil: a wallet made in the browser sends USDT (result → list), a stuck
// transaction is sped up, another is cancelled, everything is swept to another address, and a local wallet signs in and buys a product.
const env = readEnv();
test.use({ baseURL: env.baseURL });

const PASSWORD = 'correct horse battery';
const client = createPublicClient({ transport: http(env.rpcUrl) });
const [en, ja] = [webTexts('en'), webTexts('ja')];
/** The checkout's review sheets, kept with the test's results (390×844). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

async function rpc(method: string, params: unknown[] = []) {
  return client.request({ method: method as never, params: params as never });
}

async function tokenBalances(address: Address) {
  const config = (await (await fetch(`${env.baseURL}/api/v1/config`)).json()).data;
  const read = (token: Address, abi: typeof mockUsdtAbi | typeof agcAbi) =>
    client.readContract({ address: token, abi, functionName: 'balanceOf', args: [address] });
  return {
    ETH: await client.getBalance({ address }),
    USDT: await read(config.contracts.usdt, mockUsdtAbi),
    AGC: await read(config.contracts.token, agcAbi),
  };
}

/** Creates a local wallet on its page (optionally with an invitation in the URL); its address. */
async function createWallet(page: Page, query = ''): Promise<Address> {
  await page.goto(`/pages/localWallet/index${query}`);
  await page.getByTestId('local-password').fill(PASSWORD);
  await page.getByTestId('local-password-confirm').fill(PASSWORD);
  await page.getByTestId('local-submit').click();
  const text = await page.getByTestId('local-address').textContent({ timeout: 20_000 });
  const address = text?.match(/0x[0-9a-fA-F]{40}/)?.[0];
  expect(address).toBeTruthy();
  return address as Address;
}

/** After a reload the key is locked: the sending pages ask for the password. */
async function unlockHere(page: Page) {
  await page.getByTestId('send-unlock-password').fill(PASSWORD);
  await page.getByTestId('send-unlock').click();
  await expect(page.getByTestId('send-unlock-form')).toBeHidden({ timeout: 20_000 });
}

/** Sends ETH while nothing is mined (automine off: the caller turns it back on); the stuck transaction's hash. */
async function sendStuck(page: Page, to: Address, amount: string): Promise<string> {
  await page.goto('/pages/localWallet/transaction');
  await unlockHere(page);
  await fillSend(page, 'ETH', to, amount);
  await page.getByTestId('send-confirm-send').click();
  await page.waitForURL((u) => u.pathname === '/pages/localWallet/result');
  await expect(page.getByTestId('tx-result')).toHaveAttribute('data-status', 'pending');
  return new URL(page.url()).searchParams.get('hash') as string;
}

/** Once the replacement is mined: it succeeded, and the original it replaced shows "replaced". */
async function expectReplaced(page: Page) {
  await rpc('evm_mine');
  await expect(page.getByTestId('tx-result')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await page.getByTestId('tx-replaces').click();
  await expect(page.getByTestId('tx-result')).toHaveAttribute('data-status', 'replaced', { timeout: 30_000 });
}

async function fillSend(page: Page, asset: 'ETH' | 'USDT' | 'AGC', to: Address, amount: string) {
  await page.getByTestId(`send-asset-${asset}`).click();
  await page.getByTestId('send-recipient').fill(to);
  await page.getByTestId('send-amount').fill(amount);
  await expect(page.getByTestId('send-fee')).toContainText('ETH');
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-confirm')).toBeVisible();
}

test('a local wallet sends USDT, speeds up a stuck send, cancels another and sweeps everything to another address', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const address = await createWallet(page);
  await fund(env, address); // 1 ETH, 1 000 USDT, 1 000 AGC
  const friend = privateKeyToAccount(generatePrivateKey()).address;

  // Send 12.5 USDT: bad input first, then the confirmation, then the result followed until mined.
  await page.goto('/pages/localWallet/transaction');
  await unlockHere(page);
  await expect(page.getByTestId('send-balance')).toContainText('1,000.00 USDT');
  await page.getByTestId('send-recipient').fill(`${friend.slice(0, 2)}${friend.slice(2).toLowerCase()}`);
  await page.getByTestId('send-amount').fill('1000.5');
  await expect(page.getByTestId('send-amount-error')).toHaveText('The token balance is insufficient');
  await page.getByTestId('send-amount').clear();
  await fillSend(page, 'USDT', friend, '12.5');
  await expect(page.getByTestId('send-confirm-amount')).toHaveText('12.50 USDT');
  await expect(page.getByTestId('send-confirm-recipient')).toHaveText(friend);
  await page.getByTestId('send-confirm-send').click();
  await page.waitForURL((u) => u.pathname === '/pages/localWallet/result');
  await expect(page.getByTestId('tx-result')).toHaveAttribute('data-status', 'success', { timeout: 30_000 });
  await expect(page.getByTestId('tx-fee')).toContainText('ETH');
  const hash = new URL(page.url()).searchParams.get('hash') as string;
  await expect(page.getByTestId('tx-explorer')).toHaveAttribute('href', `https://arbiscan.io/tx/${hash}`);
  expect((await tokenBalances(friend)).USDT).toBe(12_500_000n);

  // The wallet's transfer list shows it, with its explorer link.
  await page.goto('/pages/localWallet/list');
  await expect(page.locator(`a[href$="${hash}"]`).first()).toBeVisible({ timeout: 20_000 });

  // A stuck send (nothing is mined while automine is off) is sped up; once mined the original is replaced.
  await rpc('evm_setAutomine', [false]);
  try {
    const stuck = await sendStuck(page, friend, '0.01');
    await page.getByTestId('tx-speed-up').click();
    await page.waitForURL((u) => u.searchParams.get('hash') !== stuck);
    await expect(page.getByTestId('tx-kind')).toHaveText('Speed-up');
    await expect(page.getByTestId('tx-nonce')).toHaveText('1');
    await expectReplaced(page);
    await expect(page.getByTestId('tx-reason')).toContainText('same nonce');
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
  expect((await tokenBalances(friend)).ETH).toBe(parseEther('0.01'));

  // A stuck send cancelled: a 0-ETH transfer to itself takes its nonce; the friend receives nothing.
  await rpc('evm_setAutomine', [false]);
  try {
    const stuck = await sendStuck(page, friend, '0.02');
    await page.getByTestId('tx-cancel').click();
    await page.waitForURL((u) => u.searchParams.get('hash') !== stuck);
    await expect(page.getByTestId('tx-kind')).toHaveText('Cancellation');
    await expect(page.getByTestId('tx-nonce')).toHaveText('2');
    await expect(page.getByTestId('tx-recipient')).toHaveText(new RegExp(`^${address}$`, 'i'));
    await expectReplaced(page);
    await expect(page.getByTestId('tx-speed-up')).toBeHidden();
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
  expect((await tokenBalances(friend)).ETH).toBe(parseEther('0.01'));
  expect(await client.getTransactionCount({ address })).toBe(3);

  // Sweep everything to a new address: USDT, AGC, then the ETH left after fees.
  const target = privateKeyToAccount(generatePrivateKey()).address;
  const before = await tokenBalances(address);
  await page.goto('/pages/localWallet/withdrawal');
  await unlockHere(page);
  await page.getByTestId('sweep-target').fill(address);
  await expect(page.getByTestId('sweep-target-error')).toContainText("wallet's own address");
  await page.getByTestId('sweep-target').fill(target);
  await expect(page.getByTestId('sweep-fees')).toContainText('ETH');
  await page.getByTestId('sweep-submit').click();
  await expect(page.getByTestId('sweep-confirm-to')).toHaveText(target);
  await expect(page.getByTestId('sweep-confirm-USDT')).toHaveText('987.50 USDT');
  await expect(page.getByTestId('sweep-confirm-AGC')).toHaveText('1,000.00 AGC');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(page.getByTestId('sweep-done')).toBeVisible({ timeout: 60_000 });
  for (const asset of ['USDT', 'AGC', 'ETH'])
    await expect(page.getByTestId(`sweep-step-${asset}`)).toHaveAttribute('data-status', 'success');
  const moved = await tokenBalances(target);
  const left = await tokenBalances(address);
  expect(moved.USDT).toBe(before.USDT);
  expect(moved.AGC).toBe(before.AGC);
  expect(left.USDT).toBe(0n);
  expect(left.AGC).toBe(0n);
  // All the ETH moved but the fees' unused rest (each step reserved gas limit × max fee).
  expect(moved.ETH).toBeGreaterThan(before.ETH - parseEther('0.001'));
  expect(left.ETH).toBeLessThan(parseEther('0.001'));
});

test('a visitor signs up with a local wallet and buys a product with it', async ({ page }) => {
  test.setTimeout(180_000);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const address = await createWallet(page, `?code=${rootCode}&side=left`);
  await fund(env, address);
  await page.getByTestId('local-use-login').click();
  await page.waitForURL((u) => u.pathname === '/', { timeout: 30_000 });

  await page.getByTestId('tab-2').click();
  await page.getByTestId('shop-buy-1').click();
  await page.getByTestId('order-confirm').click();
  // The local wallet shows each of the three transactions before signing it; each is approved here.
  const review = page.getByTestId('tx-review');
  const steps = [
    { fn: 'approve', contract: en.localWalletPages.names.token, amount: /AGC$/ },
    { fn: 'approve', contract: en.localWalletPages.names.usdt, amount: /^100\.00 USDT$/ },
    { fn: 'pay', contract: en.localWalletPages.names.transfer, amount: null },
  ];
  for (const [i, step] of steps.entries()) {
    await expect(review).toHaveAttribute('data-function', step.fn, { timeout: 30_000 });
    await expect(page.getByTestId('tx-review-contract')).toContainText(step.contract);
    if (step.amount) {
      await expect(page.getByTestId('tx-review-amount')).toHaveText(step.amount);
      await expect(page.getByTestId('tx-review-spender')).toContainText(en.localWalletPages.names.transfer);
    } else await expect(page.getByTestId('tx-review-payUsdt')).toHaveText('100.00 USDT');
    await expect(page.getByTestId('tx-review-fee')).toHaveText(/^\d+\.\d+ ETH$/);
    await shot(page, `review-${i + 1}-${step.fn}-en`);
    await page.getByTestId('tx-review-approve').click();
    await expect(review).toHaveCount(0);
  }
  await page.waitForURL((u) => u.pathname === '/pages/shop/paySuccess', { timeout: 60_000 });
  await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'Success', {
    timeout: 30_000,
  });
  // Paid from the local wallet: 100 USDT less on chain.
  expect((await tokenBalances(address)).USDT).toBe(900_000_000n);

  // In Japanese, a second order: rejected in the review, nothing is sent and the checkout says so. (In-app
  // navigation only: a reload would lock the key.)
  await page.getByTestId('pay-result-home').click();
  await page.getByTestId('tab-3').click();
  await page.getByText(en.my.menu.language).click();
  await page.getByTestId('lang-ja').click();
  await page.getByRole('button', { name: ja.nav.back }).click();
  await page.getByTestId('tab-2').click();
  await page.getByTestId('shop-buy-1').click();
  await page.getByTestId('order-confirm').click();
  await expect(review).toHaveAttribute('data-function', 'approve', { timeout: 30_000 });
  await expect(page.getByTestId('tx-review-approve')).toHaveText(ja.localWalletPages.review.approve);
  await shot(page, 'review-1-approve-ja');
  const nonce = await client.getTransactionCount({ address });
  await page.getByTestId('tx-review-reject').click();
  await expect(page.getByTestId('pay-error')).toHaveText(ja.localWalletPages.review.rejected);
  await expect(page.getByTestId('pay-step-authAmc')).toHaveAttribute('data-state', 'error');
  await shot(page, 'review-rejected-ja');
  expect(await client.getTransactionCount({ address })).toBe(nonce);
  expect((await tokenBalances(address)).USDT).toBe(900_000_000n);
});
