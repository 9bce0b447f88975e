import { devAccount } from '@agc/contracts';
import { defined } from '@agc/shared/defined';
import { type Browser, expect, type Page, test } from '@playwright/test';
import type { LocalAccount } from 'viem/accounts';
import { apiSession } from '../support/api.ts';
import { readEnv } from '../support/env.ts';
import { signUp } from '../support/sign-up.ts';
import { en } from '../support/texts.ts';

const env = readEnv();
test.use({ baseURL: env.baseURL });

const TREE = '/pages/my/invite/inviteTree';

/** Signs a new member up through the invite flow (login page with code and side) in its own browser context. */
async function join(browser: Browser, code: string, side: 'left' | 'right'): Promise<LocalAccount> {
  const context = await browser.newContext({ baseURL: env.baseURL });
  const page = await context.newPage();
  const wallet = await signUp(page, code, side);
  await context.close();
  return wallet.account;
}

async function treeOf(account: LocalAccount, id?: string) {
  const { headers } = await apiSession(env.baseURL, account);
  const res = await fetch(`${env.baseURL}/api/v1/me/tree${id ? `?id=${id}` : ''}`, { headers });
  return (await res.json()).data as {
    node: { id: string; address: string };
    left: { id: string; address: string } | null;
    right: { id: string; address: string } | null;
  };
}

const node = (page: Page, id: string) => page.getByTestId(`tree-node-${id}`);

test('the invite tree: lazy loading, leaves, collapse, zoom bounds, restore, search and the copy-only menu', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.baseURL });
  // The top member A under the demo root, then A's team through A's own links:
  //   A ─ B (left) ─ D (left), E (right)
  //     └ C (right)
  // D joins A's left sector: spill-over puts it at the outermost free left position, under B.
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const a = await signUp(page, rootCode, 'left');
  const aCode = (await apiSession(env.baseURL, a.account)).me.invite_code;
  const b = await join(browser, aCode, 'left');
  await join(browser, aCode, 'right');
  await join(browser, aCode, 'left');
  const bCode = (await apiSession(env.baseURL, b)).me.invite_code;
  const e = await join(browser, bCode, 'right');
  // Someone outside A's subtree.
  const outsider = await join(browser, rootCode, 'right');

  const top = await treeOf(a.account);
  const bId = top.left?.id as string;
  const cId = top.right?.id as string;
  const below = await treeOf(a.account, bId);
  const dId = below.left?.id as string;
  const eId = below.right?.id as string;
  expect(below.right?.address.toLowerCase()).toBe(e.address.toLowerCase());

  const treeRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/me/tree')) treeRequests.push(r.url());
  });
  await page.goto(TREE);
  const aNode = node(page, top.node.id);
  await expect(aNode).toBeVisible();
  // It opens fitted to the screen (at 100 % it was once cut off at both edges): every loaded box
  // is inside the chart's viewport, at a zoom where the text is still drawn.
  const chart = await page.getByTestId('org-tree-viewport').boundingBox();
  if (!chart) throw new Error('no chart');
  for (const id of [top.node.id, bId, cId]) {
    const b = await node(page, id).boundingBox();
    expect(b, id).not.toBeNull();
    expect(defined(b).x).toBeGreaterThanOrEqual(chart.x - 0.5);
    expect(defined(b).y).toBeGreaterThanOrEqual(chart.y - 0.5);
    expect(defined(b).x + defined(b).width).toBeLessThanOrEqual(chart.x + chart.width + 0.5);
    expect(defined(b).y + defined(b).height).toBeLessThanOrEqual(chart.y + chart.height + 0.5);
  }
  expect(Number(await page.getByTestId('tree-zoom-level').getAttribute('data-zoom'))).toBeLessThan(1);
  await expect(page.getByTestId('org-tree-layer')).not.toHaveAttribute('data-compact', 'true');
  await expect(aNode).toContainText(en.tree.node.you);
  await expect(aNode).toContainText('0.00');
  await expect(aNode).toHaveAttribute('data-state', 'expanded');
  // C has no one below: a leaf, without an expand button and without a request.
  await expect(node(page, cId)).toHaveAttribute('data-state', 'leaf');
  await expect(page.getByTestId(`tree-toggle-${cId}`)).toHaveCount(0);
  await expect(node(page, bId)).toHaveAttribute('data-state', 'collapsed');
  await expect(node(page, dId)).toHaveCount(0);

  // Lazy loading: B's children come with one me/tree call for B.
  const loaded = page.waitForRequest((r) => r.url().includes(`/api/v1/me/tree?id=${bId}`));
  await page.getByTestId(`tree-toggle-${bId}`).click();
  await loaded;
  await expect(node(page, dId)).toBeAttached();
  await expect(node(page, eId)).toBeAttached();
  await expect(node(page, dId)).toHaveAttribute('data-state', 'leaf');
  await expect(node(page, bId)).toHaveAttribute('data-state', 'expanded');

  // Collapsing A collapses B too: expanding A again shows B closed.
  await page.getByTestId(`tree-toggle-${top.node.id}`).click();
  await expect(node(page, bId)).toHaveCount(0);
  await page.getByTestId(`tree-toggle-${top.node.id}`).click();
  await expect(node(page, bId)).toHaveAttribute('data-state', 'collapsed');
  await expect(node(page, dId)).toHaveCount(0);
  // Expand all (it once only opened what was already loaded) fetches the whole subtree in one
  // request and opens every node.
  const requestsBefore = treeRequests.length;
  const subtree = page.waitForResponse((r) => r.url().includes('/api/v1/me/tree/subtree'));
  await page.getByTestId('tree-expand-all').click();
  expect((await subtree).status()).toBe(200);
  await expect(node(page, dId)).toBeAttached();
  await expect(node(page, eId)).toBeAttached();
  await expect(node(page, bId)).toHaveAttribute('data-state', 'expanded');
  expect(treeRequests.slice(requestsBefore)).toEqual([
    expect.stringContaining(`/api/v1/me/tree/subtree?id=${top.node.id}`),
  ]);
  await page.getByTestId('tree-restore').click();

  // Zoom: bounded 0.3–3 in steps of 0.1, with the buttons and the wheel.
  // Restore opens at the readable zoom the screen allows (not always 100 %): the steps count from there.
  const zoom = page.getByTestId('tree-zoom-level');
  const restored = Number(await zoom.getAttribute('data-zoom'));
  expect(restored).toBeGreaterThanOrEqual(0.3);
  await page.getByTestId('tree-zoom-in').click();
  await expect(zoom).toHaveAttribute('data-zoom', String(Math.round(restored * 10 + 1) / 10));
  for (let i = 0; i < Math.round((3 - restored) * 10) - 1; i++)
    await page.getByTestId('tree-zoom-in').click();
  await expect(zoom).toHaveAttribute('data-zoom', '3');
  await expect(page.getByTestId('tree-zoom-in')).toBeDisabled();
  const viewport = page.getByTestId('org-tree-viewport');
  const box = await viewport.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  await expect(zoom).toHaveAttribute('data-zoom', '3');
  for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 100);
  await expect(zoom).toHaveAttribute('data-zoom', '0.3');
  await expect(page.getByTestId('tree-zoom-out')).toBeDisabled();
  // At 30 % the text would be 3 px: compact boxes in the level's colour, no text.
  await expect(page.getByTestId('org-tree-layer')).toHaveAttribute('data-compact', 'true');
  await expect(aNode.locator('.member-node__address')).toBeHidden();

  // Pan by dragging, then restore: the restored view again (its readable zoom) at 0,0.
  const layer = page.getByTestId('org-tree-layer');
  await page.mouse.move(box.x + 60, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 140, { steps: 5 });
  await page.mouse.up();
  await expect(layer).not.toHaveAttribute('data-x', '0');
  await page.getByTestId('tree-restore').click();
  await expect(layer).toHaveAttribute('data-x', '0');
  await expect(layer).toHaveAttribute('data-y', '0');
  await expect(layer).toHaveAttribute('data-scale', String(restored));
  await expect(zoom).toHaveAttribute('data-zoom', String(restored));
  await expect(layer).not.toHaveAttribute('data-compact', 'true');
  await expect(aNode.locator('.member-node__address')).toBeVisible();

  // The context menu offers copy only (members cannot edit the placement tree); copy copies the address.
  await aNode.click({ button: 'right' });
  const menu = page.getByTestId('tree-menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(1);
  await expect(page.getByTestId('tree-menu-copy')).toHaveText(en.tree.menu.copy);
  await page.getByTestId('tree-menu-copy').click();
  await expect(page.getByText(en.tree.copied)).toBeVisible();
  expect((await page.evaluate(() => navigator.clipboard.readText())).toLowerCase()).toBe(
    a.account.address.toLowerCase(),
  );

  // Search: the address is required; a member of the team is shown; anyone else is not in the team.
  await page.getByTestId('tree-collapse-all').click();
  await expect(node(page, bId)).toHaveCount(0);
  await page.getByTestId('tree-search-submit').click();
  await expect(page.getByTestId('tree-search-message')).toHaveText(en.tree.search.required);
  await page.getByTestId('tree-search-input').fill(e.address);
  await page.getByTestId('tree-search-submit').click();
  await expect(node(page, eId)).toBeVisible();
  await expect(node(page, eId)).toHaveAttribute('data-selected', 'true');
  await expect(page.getByTestId('tree-detail-address')).toHaveText(new RegExp(`^${e.address}$`, 'i'));
  await expect(page.getByTestId('tree-search-message')).toHaveText(
    en.tree.search.found.replace('{{distance}}', '2'),
  );
  await page.getByTestId('tree-search-input').fill(outsider.address);
  await page.getByTestId('tree-search-submit').click();
  await expect(page.getByTestId('tree-search-message')).toHaveText(en.tree.search.notInTeam);
});

test('pinch zoom keeps the point under the fingers, and moving the fingers pans', async ({ browser }) => {
  test.setTimeout(120_000);
  const rootCode = (await apiSession(env.baseURL, devAccount(0))).me.invite_code;
  const context = await browser.newContext({ baseURL: env.baseURL, hasTouch: true });
  const page = await context.newPage();
  const member = await signUp(page, rootCode, 'right');
  const me = await treeOf(member.account);
  await page.goto(TREE);
  const box = node(page, me.node.id);
  await expect(box).toBeVisible();
  const zoom = page.getByTestId('tree-zoom-level');
  const before = Number(await zoom.getAttribute('data-zoom'));
  const b0 = defined(await box.boundingBox());
  // A point inside the box, a quarter from its left edge: the fingers' midpoint.
  const mid = { x: b0.x + b0.width / 4, y: b0.y + b0.height / 2 };
  const fraction = (b: { x: number; y: number; width: number; height: number }) => ({
    x: b.x + (mid.x - b0.x) * (b.width / b0.width),
    y: b.y + (mid.y - b0.y) * (b.height / b0.height),
  });
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Array<{ x: number; y: number }>) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: points.map((p, id) => ({ x: p.x, y: p.y, id })),
    });
  const pair = (cx: number, cy: number, half: number) => [
    { x: cx - half, y: cy },
    { x: cx + half, y: cy },
  ];
  await touch('touchStart', pair(mid.x, mid.y, 30));
  for (let i = 1; i <= 10; i++) await touch('touchMove', pair(mid.x, mid.y, 30 + 3 * i));
  await expect.poll(async () => Number(await zoom.getAttribute('data-zoom'))).toBeGreaterThan(before * 1.5);
  // The chart point that was under the fingers is still under their midpoint.
  const zoomed = fraction(defined(await box.boundingBox()));
  expect(Math.abs(zoomed.x - mid.x)).toBeLessThan(4);
  expect(Math.abs(zoomed.y - mid.y)).toBeLessThan(4);
  // Moving both fingers pans: the point follows the midpoint.
  for (let i = 1; i <= 5; i++) await touch('touchMove', pair(mid.x + 4 * i, mid.y + 3 * i, 60));
  await touch('touchEnd', []);
  const moved = fraction(defined(await box.boundingBox()));
  expect(Math.abs(moved.x - (mid.x + 20))).toBeLessThan(4);
  expect(Math.abs(moved.y - (mid.y + 15))).toBeLessThan(4);
  await context.close();
});
