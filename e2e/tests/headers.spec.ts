import { devAccount } from '@agc/contracts';
import { expect, type Page, test } from '@playwright/test';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { LOGIN, signUp } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

interface Violation {
  url: string;
  directive: string;
  blocked: string;
  sample: string;
  source: string;
}

/**
 * Collects every CSP violation a document reports into `window.__csp`: added before any page loads,
 * so it runs first in every document (a full navigation starts a new list; `drain` reads it before).
 */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { __csp: unknown[] }).__csp = seen;
    document.addEventListener(
      'securitypolicyviolation',
      (e) =>
        seen.push({
          url: location.pathname,
          directive: e.violatedDirective,
          blocked: e.blockedURI,
          sample: e.sample,
          source: `${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
        }),
      true,
    );
  });
  const messages: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
  });
  const violations: Violation[] = [];
  const drain = async () => {
    violations.push(
      ...(await page.evaluate(() => {
        const w = window as unknown as { __csp?: Violation[] };
        return (w.__csp ?? []).splice(0);
      })),
    );
  };
  return { violations, messages, drain };
}

test('the built app and the API docs run under the Content-Security-Policy without a violation', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseURL });
  const csp = await watchCsp(page);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;

  // The answer of an app page carries the policy (and the RPC origin the app reads the chain at).
  const login = await page.goto(LOGIN);
  const policy = login?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("style-src 'self';");
  expect(policy).not.toContain("'unsafe-");
  expect(policy).toContain(`connect-src 'self' ${new URL(env.rpcUrl).origin}`);
  expect(login?.headers()['x-frame-options']).toBe('DENY');
  expect(login?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByTestId('login-connect')).toBeVisible();
  await csp.drain();

  // The local wallet page (forms), then signing up through the login page (wallet choice popup, SIWE).
  await page.goto('/pages/localWallet/index');
  await expect(page.locator('[data-route-name="localWallet"]')).toBeVisible();
  await csp.drain();
  await signUp(page, rootCode, 'left');
  await csp.drain();

  // The tabs, client-side: home, shop, rewards, account.
  await expect(page.getByTestId('home-address')).toBeVisible();
  for (const [i, name] of [
    [2, 'shop'],
    [1, 'detail'],
    [3, 'profile'],
    [0, 'home'],
  ] as const) {
    await page.getByTestId(`tab-${i}`).click();
    await expect(page.locator(`[data-route-name="${name}"]`)).toBeVisible();
  }
  await page.getByTestId('tab-2').click();
  await expect(page.locator('[data-route-name="shop"]')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('shop.png') });
  await csp.drain();

  // The invite page (QR code, an antd-mobile toast on copy), loaded afresh.
  await page.goto('/pages/my/invite/index');
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await page.getByTestId('invite-copy-code').click();
  await expect(page.getByText(en.common.copySuccess)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('invite.png') });
  await csp.drain();

  // The invite tree chart.
  await page.goto('/pages/my/invite/inviteTree');
  await expect(page.getByTestId('invite-tree')).toBeVisible();
  await expect(page.locator('[data-testid^="tree-node-"]').first()).toBeVisible();
  await csp.drain();

  // The API docs (Swagger UI) render the operations under the same policy, plus the hash of the one
  // inline stylesheet of its logo: nothing 'unsafe-…'.
  const docs = await page.goto('/api/v1/docs/');
  const docsPolicy = docs?.headers()['content-security-policy'] ?? '';
  expect(docsPolicy.replace(/ 'sha256-[^']+'/, '')).toBe(policy);
  expect(docsPolicy).not.toContain("'unsafe-");
  // Swagger UI parses the whole document (about 400 KB, 127 operations) before it draws one: seconds on a busy
  // 2-core machine.
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible({ timeout: 30_000 });
  await csp.drain();

  expect(csp.violations).toEqual([]);
  expect(csp.messages).toEqual([]);
});
