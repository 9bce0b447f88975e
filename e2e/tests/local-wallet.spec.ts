import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import type { Address } from 'viem';
import { readEnv } from '../support/env.ts';
import { fund } from '../support/fund.ts';
import { en, webTexts } from '../support/texts.ts';

// The local wallet's index and list pages on anvil: a wallet made in the browser receives tokens, shows its
// balances and the received transfers, exports a keystore v3 file, is removed, and comes back from that file.
const env = readEnv();
test.use({ baseURL: env.baseURL });

const PASSWORD = 'correct horse battery';
const ja = webTexts('ja');

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function createWallet(page: Page): Promise<Address> {
  await page.goto('/pages/localWallet/index');
  await page.getByTestId('local-password').fill(PASSWORD);
  await page.getByTestId('local-password-confirm').fill(PASSWORD);
  await page.getByTestId('local-submit').click();
  const address = await page.getByTestId('local-address').getAttribute('data-address', { timeout: 20_000 });
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  return address as Address;
}

test('create, receive, list, export the keystore, remove, import it back', async ({ page, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const address = await createWallet(page);
  await expect(page.getByTestId('local-qr')).toHaveAttribute('data-value', address);
  await page.getByTestId('local-address-copy').click();
  await expect(page.getByText(en.common.copySuccess)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  // A new wallet holds nothing.
  await expect(page.getByTestId('local-balance-USDT')).toHaveText('0.00 USDT', { timeout: 20_000 });

  await fund(env, address); // 1 ETH, 1 000 USDT, 1 000 AGC from the test's side
  await page.reload(); // (the page polls every 15 s; a reload reads at once, and locks the key)
  await expect(page.getByTestId('local-status')).toHaveText(en.localWallet.locked);
  await expect(page.getByTestId('local-balance-ETH')).toHaveText('1.00 ETH', { timeout: 20_000 });
  await expect(page.getByTestId('local-balance-USDT')).toHaveText('1,000.00 USDT');
  await expect(page.getByTestId('local-balance-AGC')).toHaveText('1,000.00 AGC');
  // Signed out, the values come from the public GET /prices (the server's defaults: ETH 3000, AGC 0.5 USDT).
  await expect(page.getByTestId('local-value-ETH')).toHaveText('≈ 3,000.00 USDT');
  await expect(page.getByTestId('local-value-AGC')).toHaveText('≈ 500.00 USDT');
  await shot(page, 'index-locked-en');

  // The list: both received transfers, from the chain's logs.
  await page.getByTestId('local-link-history').click();
  await expect(page).toHaveURL(/\/pages\/localWallet\/list$/);
  const items = page.getByTestId('local-history-item');
  await expect(items).toHaveCount(2, { timeout: 20_000 });
  await expect(items.getByTestId('local-history-direction').first()).toHaveText(
    en.localWalletPages.list.direction.in,
  );
  // Newest first: the AGC mint came after the USDT one.
  await expect(items.getByTestId('local-history-amount')).toHaveText(['+1,000.00 AGC', '+1,000.00 USDT']);
  await expect(page.getByTestId('list-no-more')).toHaveText(en.common.noMore);
  // Both were minted: the sender is named, not shown as the zero address.
  await expect(items.getByTestId('local-history-counterparty')).toHaveText([
    `${en.localWalletPages.names.mint} · 0x0000000000...00000000`,
    `${en.localWalletPages.names.mint} · 0x0000000000...00000000`,
  ]);
  await shot(page, 'list-en');

  // Export: the password again (a wrong one is refused), then the file downloads.
  await page.goto('/pages/localWallet/index');
  await page.getByTestId('local-export-keystore').click();
  await page.getByTestId('local-check-password').fill('not the password');
  await page.getByTestId('local-check-submit').click();
  await expect(page.getByTestId('local-check-password-error')).toHaveText(
    en.localWallet.errors.wrongPassword,
    {
      timeout: 20_000,
    },
  );
  await shot(page, 'export-wrong-password-en');
  await page.getByTestId('local-check-password').fill(PASSWORD);
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByTestId('local-check-submit').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(
      `^UTC--\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}\\.\\d{3}Z--${address.slice(2).toLowerCase()}\\.json$`,
    ),
  );
  const file = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(file);
  const keystore = JSON.parse(readFileSync(file, 'utf8'));
  expect(keystore).toMatchObject({ version: 3, address: address.slice(2).toLowerCase() });
  expect(keystore.crypto).toMatchObject({
    cipher: 'aes-128-ctr',
    kdf: 'scrypt',
    kdfparams: { n: 131072, r: 8, p: 1, dklen: 32 },
  });

  await expect(page.getByTestId('local-check-form')).toHaveCount(0);

  // Remove: the warning says the key is gone unless exported, and offers the export first.
  await page.getByTestId('local-remove').click();
  await expect(page.getByTestId('local-remove-warning')).toHaveText(en.localWalletPages.index.removeWarning);
  await shot(page, 'remove-dialog-en');
  await page.getByRole('button', { name: en.localWalletPages.index.removeNow }).click();
  await expect(page.getByTestId('local-submit')).toBeVisible();
  await expect(page.getByTestId('local-address')).toHaveCount(0);

  // Import the file back: a wrong file password changes nothing; the right one brings the wallet back.
  await page.getByTestId('local-mode-file').click();
  await page.getByTestId('local-keystore-file').setInputFiles(file);
  await page.getByTestId('local-keystore-password').fill('wrong password');
  await page.getByTestId('local-password').fill(PASSWORD);
  await page.getByTestId('local-password-confirm').fill(PASSWORD);
  await page.getByTestId('local-submit').click();
  await expect(page.getByTestId('local-keystore-password-error')).toHaveText(
    en.localWallet.errors.wrongPassword,
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByTestId('local-address')).toHaveCount(0);
  await shot(page, 'import-wrong-password-en');
  await page.getByTestId('local-keystore-password').fill(PASSWORD);
  await page.getByTestId('local-submit').click();
  // The progress while it decrypts (a bar, every field and the button disabled) is the page test's
  // (LocalWalletPage.import.test.tsx): a desktop's scrypt can finish before a browser check sees it.
  await expect(page.getByTestId('local-address')).toHaveAttribute('data-address', address, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('local-status')).toHaveText(en.localWallet.unlocked);
  await expect(page.getByTestId('local-balance-USDT')).toHaveText('1,000.00 USDT', { timeout: 20_000 });
  await expect(page.getByTestId('local-balance-AGC')).toHaveText('1,000.00 AGC');
  await shot(page, 'index-unlocked-en');

  // In Japanese.
  await page.evaluate(() => localStorage.setItem('lang', 'ja'));
  await page.reload();
  await expect(page.getByTestId('local-status')).toHaveText(ja.localWallet.locked);
  await expect(page.getByTestId('local-balance-USDT')).toHaveText('1,000.00 USDT', { timeout: 20_000 });
  await page.getByTestId('local-reveal').click();
  await page.getByTestId('local-check-password').fill('not the password');
  await page.getByTestId('local-check-submit').click();
  await expect(page.getByTestId('local-check-password-error')).toHaveText(
    ja.localWallet.errors.wrongPassword,
    {
      timeout: 20_000,
    },
  );
  await shot(page, 'index-locked-ja');
  await page.goto('/pages/localWallet/list');
  await expect(page.getByTestId('local-history-item')).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId('local-history-counterparty').first()).toContainText(
    ja.localWalletPages.names.mint,
  );
  await shot(page, 'list-ja');

  // In Japanese: removed, then the same file imported again (its progress texts are the page test's).
  await page.goto('/pages/localWallet/index');
  await page.getByTestId('local-remove').click();
  await page.getByRole('button', { name: ja.localWalletPages.index.removeNow }).click();
  await page.getByTestId('local-mode-file').click();
  await page.getByTestId('local-keystore-file').setInputFiles(file);
  await page.getByTestId('local-keystore-password').fill(PASSWORD);
  await page.getByTestId('local-password').fill(PASSWORD);
  await page.getByTestId('local-password-confirm').fill(PASSWORD);
  await page.getByTestId('local-submit').click();
  await expect(page.getByTestId('local-address')).toHaveAttribute('data-address', address, {
    timeout: 30_000,
  });
});

test('an empty wallet’s list says No Data Available; without a wallet the list offers to open one', async ({
  page,
}) => {
  await page.goto('/pages/localWallet/list');
  await expect(page.getByTestId('local-history-open-wallet')).toBeVisible();
  await createWallet(page);
  await page.getByTestId('local-link-history').click();
  await expect(page.getByText(en.common.noData)).toBeVisible({ timeout: 20_000 });
  await shot(page, 'list-empty-en');
});
