import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devAccount } from '@agc/contracts';
import { expect, test } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { openAs } from '../support/sign-up.ts';
import { en, webTexts } from '../support/texts.ts';

// Proof of liabilities in the browser: the demo admin takes a snapshot, the server publishes it on the local chain and
// the admins' page lists it published; a member opens Verify my balance and sees it verified against the chain (the
// page reads the root itself), a tampered proof file shows not verified with the reason, and the public page renders
// signed out; English and Traditional Chinese at 390 px. PROOF_SHOTS=<dir> saves the screens.
const env = readEnv();
test.use({ baseURL: env.baseURL });
const shots = process.env.PROOF_SHOTS;
const zh = webTexts('zh-Hant');

test('a member verifies their balance against the chain; a tampered file does not verify', async ({
  browser,
}) => {
  const member = privateKeyToAccount(generatePrivateKey());
  const root = await apiSession(env.baseURL, devAccount(0));
  await apiSession(env.baseURL, member, { code: root.me.invite_code, side: 'left' });
  // A snapshot now, with the member in it, published by the server's job (sent at once, final on the local chain).
  const taken = await fetch(`${env.baseURL}/api/v1/admin/por/snapshots`, {
    method: 'POST',
    headers: root.headers,
  });
  const snapshot = (await taken.json()).data;
  expect(snapshot.status, JSON.stringify(snapshot)).toMatch(/^(publishing|published)$/);
  await expect
    .poll(
      async () => (await (await fetch(`${env.baseURL}/api/v1/por/latest`)).json()).data.snapshot?.snapshot_id,
      { timeout: 60_000 },
    )
    .toBe(snapshot.snapshot_id);

  // The admins' page lists it, published, with its attestation transaction; the demo admin may take another.
  const admin = await openAs(browser, devAccount(0), env);
  await admin.goto('/pages/admin/proofs');
  const id = `por-snapshot-${snapshot.snapshot_id}`;
  await expect(admin.getByTestId(`${id}-status`)).toHaveText(en.porAdmin.status.published);
  await expect(admin.getByTestId(`${id}-tx`)).toHaveAttribute('href', /\/tx\/0x[0-9a-f]{64}$/);
  await expect(admin.getByTestId('por-admin-take')).toBeEnabled();
  if (shots) await admin.screenshot({ path: `${shots}/por-admin-en.png`, fullPage: true });
  await admin.context().close();

  const page = await openAs(browser, member, env);
  await page.goto('/pages/proof/verify');
  await expect(page.getByTestId('por-verdict-status')).toHaveText(en.por.verified, { timeout: 30_000 });
  await expect(page.getByTestId('por-leaf-usdt')).toHaveText(/USDT$/);
  if (shots) await page.screenshot({ path: `${shots}/por-verify-en.png`, fullPage: true });

  // The proof, changed by one minor unit, checked as a file: not verified, and why.
  const proof = (
    await (
      await fetch(`${env.baseURL}/api/v1/por/proof`, {
        headers: (await apiSession(env.baseURL, member)).headers,
      })
    ).json()
  ).data.proof;
  const dir = mkdtempSync(join(tmpdir(), 'agc-por-'));
  const tampered = join(dir, 'tampered.json');
  writeFileSync(tampered, JSON.stringify({ ...proof, usdt: (BigInt(proof.usdt) + 1n).toString() }));
  await page.getByTestId('por-file').setInputFiles(tampered);
  await expect(page.getByTestId('por-file-verdict-status')).toHaveText(en.por.notVerified);
  await expect(page.getByTestId('por-file-verdict-reason')).toHaveText(en.por.reason.root_mismatch);
  if (shots) await page.screenshot({ path: `${shots}/por-verify-tampered-en.png`, fullPage: true });

  // Traditional Chinese.
  await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.reload();
  await expect(page.getByTestId('por-verdict-status')).toHaveText(zh.por.verified, { timeout: 30_000 });
  if (shots) await page.screenshot({ path: `${shots}/por-verify-zh-Hant.png`, fullPage: true });
  await page.context().close();
});

test('the public page renders signed out, in English and Traditional Chinese', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: env.baseURL });
  const page = await context.newPage();
  await page.goto('/pages/proof/index');
  await expect(page.getByTestId('por-public')).toBeVisible();
  // The first spec published a snapshot on this server; if this one runs alone, the page says there is none yet.
  const latest = (await (await fetch(`${env.baseURL}/api/v1/por/latest`)).json()).data;
  if (latest.snapshot) {
    await expect(page.getByTestId('por-usdt-coverage')).toHaveText(/%$|^Nothing owed$/);
    await expect(page.getByTestId('por-reserves-block')).toHaveText(latest.snapshot.reserves_block);
  } else await expect(page.getByText(en.por.none)).toBeVisible();
  await expect(page.getByTestId('por-verify-mine')).toHaveCount(0);
  if (shots) await page.screenshot({ path: `${shots}/por-public-en.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.reload();
  await expect(page.getByText(zh.por.history)).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/por-public-zh-Hant.png`, fullPage: true });
  await context.close();
});
