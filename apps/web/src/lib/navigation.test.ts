import { createBrowserRouter, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  goToLogin,
  loginUrl,
  navigateBack,
  navigateTo,
  redirectTo,
  reLaunch,
  setRouter,
  switchTab,
} from './navigation.ts';
import { ROUTE_TABLE } from './route-table.ts';

// A real browser router over the test DOM's history, with the app's route table.
let release: () => void = () => undefined;
const SLOW_PATH = '/pages/shop/orderList';

const Empty = () => null;

function routes(): RouteObject[] {
  return ROUTE_TABLE.map((r) =>
    r.path === SLOW_PATH
      ? {
          path: r.path,
          lazy: () => new Promise((resolve) => (release = () => resolve({ Component: Empty }))),
        }
      : { path: r.path, Component: Empty },
  );
}

let router: ReturnType<typeof createBrowserRouter>;
const idx = () => (window.history.state as { idx?: number } | null)?.idx;
const path = () => `${router.state.location.pathname}${router.state.location.search}`;

beforeEach(async () => {
  window.history.replaceState(null, '', '/');
  router = createBrowserRouter(routes()); // initializes itself
  await new Promise((r) => setTimeout(r, 0));
  setRouter(router);
});

afterEach(() => {
  release();
  router.dispose();
  setRouter(null);
});

describe('url checks', () => {
  it('requires a url', async () => {
    await expect(navigateTo('')).rejects.toThrow('Missing required args: "url"');
    await expect(navigateTo('   ')).rejects.toThrow('Missing required args: "url"');
    await expect(navigateTo(undefined as unknown as string)).rejects.toThrow('Missing required args: "url"');
    await expect(switchTab('')).rejects.toThrow('Missing required args: "url"');
    await expect(redirectTo('')).rejects.toThrow('Missing required args: "url"');
  });

  it('refuses unknown pages', async () => {
    await expect(navigateTo('/pages/nope/index')).rejects.toThrow('page `/pages/nope/index` is not found');
  });
});

describe('navigateTo', () => {
  it('pushes a non-tab page, query included', async () => {
    await navigateTo('/pages/withdrawal/detail?id=7');
    expect(path()).toBe('/pages/withdrawal/detail?id=7');
    expect(router.state.historyAction).toBe('PUSH');
    expect(idx()).toBe(1);
  });

  it('accepts a url without the leading slash', async () => {
    await navigateTo('pages/withdrawal/list');
    expect(path()).toBe('/pages/withdrawal/list');
  });

  it('refuses tab pages', async () => {
    for (const url of [
      '/',
      '/pages/index/index',
      '/pages/rewardList/index',
      '/pages/shop/index',
      '/pages/my/index',
    ]) {
      await expect(navigateTo(url)).rejects.toThrow('can not navigateTo a tabbar page');
    }
    expect(path()).toBe('/');
  });
});

describe('redirectTo', () => {
  it('replaces the current page', async () => {
    await navigateTo('/pages/withdrawal/list');
    await redirectTo('/pages/withdrawal/detail?id=1');
    expect(path()).toBe('/pages/withdrawal/detail?id=1');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(idx()).toBe(1);
  });

  it('refuses tab pages', async () => {
    await expect(redirectTo('/pages/my/index')).rejects.toThrow('can not redirectTo a tabbar page');
  });
});

describe('switchTab', () => {
  it('opens tab pages by replacing history, so tabs never stack and home stays the root', async () => {
    await switchTab('/pages/shop/index');
    expect(path()).toBe('/pages/shop/index');
    expect(router.state.historyAction).toBe('REPLACE');
    await switchTab('/pages/my/index');
    await switchTab('/pages/rewardList/index');
    expect(idx()).toBe(0);
    await switchTab('/');
    expect(path()).toBe('/');
    expect(idx()).toBe(0);
  });

  it('drops the query and opens the home alias as /', async () => {
    await switchTab('/pages/shop/index?tab=2');
    expect(path()).toBe('/pages/shop/index');
    await switchTab('/pages/index/index');
    expect(path()).toBe('/');
  });

  it('refuses non-tab pages', async () => {
    await expect(switchTab('/pages/withdrawal/list')).rejects.toThrow('can not switch to no-tabBar page');
    await expect(switchTab('/pages/login/index')).rejects.toThrow('can not switch to no-tabBar page');
  });
});

describe('locked', () => {
  it('refuses the same url while its navigation is pending, and allows it afterwards', async () => {
    const first = navigateTo(SLOW_PATH);
    await new Promise((r) => setTimeout(r, 0));
    await expect(navigateTo(SLOW_PATH)).rejects.toThrow(`${SLOW_PATH} locked`);
    release();
    await first;
    expect(path()).toBe(SLOW_PATH);
    await redirectTo(SLOW_PATH); // no longer pending
    expect(path()).toBe(SLOW_PATH);
  });

  it('does not lock other urls', async () => {
    const slow = navigateTo(SLOW_PATH);
    await new Promise((r) => setTimeout(r, 0));
    await navigateTo('/pages/withdrawal/list');
    release();
    await slow;
    expect(path()).toBe('/pages/withdrawal/list');
  });
});

describe('navigateBack', () => {
  it('goes back one page', async () => {
    await navigateTo('/pages/withdrawal/list');
    await navigateTo('/pages/withdrawal/detail?id=3');
    await navigateBack();
    await new Promise((r) => setTimeout(r, 20));
    expect(path()).toBe('/pages/withdrawal/list');
  });

  it('goes home when the page was opened directly', async () => {
    await redirectTo('/pages/withdrawal/list');
    await navigateBack();
    expect(path()).toBe('/');
    expect(idx()).toBe(0);
  });

  it('stays on home, the history root', async () => {
    await navigateBack();
    expect(path()).toBe('/');
  });
});

describe('login url', () => {
  it('carries the invite query (code, side) and nothing else', () => {
    expect(loginUrl('?code=ABCD2345&side=right&foo=1')).toBe('/pages/login/index?code=ABCD2345&side=right');
    expect(loginUrl('?foo=1')).toBe('/pages/login/index');
    expect(loginUrl(new URLSearchParams('code=X'))).toBe('/pages/login/index?code=X');
  });

  it('goToLogin replaces the page with login', async () => {
    await navigateTo('/pages/withdrawal/list?code=ABCD2345&side=left');
    await goToLogin();
    expect(path()).toBe('/pages/login/index?code=ABCD2345&side=left');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('reLaunch opens any page by replacing', async () => {
    await reLaunch('/pages/my/index');
    expect(path()).toBe('/pages/my/index');
    await reLaunch('/pages/withdrawal/list');
    expect(idx()).toBe(0);
  });
});
