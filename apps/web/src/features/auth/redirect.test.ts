import { describe, expect, it } from 'vitest';
import { afterLoginTarget, REDIRECT_PARAM, safeRedirect, withRedirect } from './redirect.ts';

describe('safeRedirect: only a page of this app', () => {
  it('accepts the app pages, with their query', () => {
    expect(safeRedirect('/pages/shop/orderList')).toBe('/pages/shop/orderList');
    expect(safeRedirect('/pages/shop/shopOrderDetail?order_id=42')).toBe(
      '/pages/shop/shopOrderDetail?order_id=42',
    );
    expect(safeRedirect('/pages/withdrawal/index?type=2')).toBe('/pages/withdrawal/index?type=2');
    expect(safeRedirect('/pages/my/index')).toBe('/pages/my/index');
    expect(safeRedirect('/pages/localWallet/list')).toBe('/pages/localWallet/list');
  });

  it.each([
    ['nothing', null],
    ['empty', ''],
    ['another origin', 'https://evil.example/pages/shop/orderList'],
    ['a protocol-relative URL', '//evil.example/pages/shop/orderList'],
    ['a doubled slash inside', '/pages//evil.example'],
    ['a doubled slash in the query', '/pages/shop/orderList?next=//evil.example'],
    ['a backslash', '/pages/\\evil.example'],
    ['a backslash turned into a slash by the browser', '/\\evil.example/pages/shop/index'],
    ['a scheme', 'javascript:alert(1)'],
    ['a scheme after the prefix', '/pages/javascript:alert(1)'],
    ['an encoded slash', '/pages/%2F%2Fevil.example'],
    ['a tab the URL parser drops', '/pages/\t/evil.example'],
    ['a newline', '/pages/shop/orderList\n'],
    ['dot segments', '/pages/../pages/shop/orderList'],
    ['a path outside /pages/', '/api/v1/me'],
    ['home (where sign-in goes anyway)', '/'],
    ['an unknown page', '/pages/nope/index'],
    ['login itself (a loop)', '/pages/login/index?redirect=/pages/shop/index'],
    ['a huge value', `/pages/shop/orderList?x=${'a'.repeat(3000)}`],
  ])('refuses %s', (_what, raw) => {
    expect(safeRedirect(raw)).toBeUndefined();
  });
});

describe('afterLoginTarget', () => {
  it('is the checked redirect of the query, else home', () => {
    expect(afterLoginTarget(new URLSearchParams({ [REDIRECT_PARAM]: '/pages/shop/orderList' }))).toBe(
      '/pages/shop/orderList',
    );
    expect(afterLoginTarget(new URLSearchParams({ [REDIRECT_PARAM]: 'https://evil.example' }))).toBe('/');
    expect(afterLoginTarget(new URLSearchParams('code=ABC'))).toBe('/');
  });
});

describe('withRedirect', () => {
  it('adds the page asked for to the login URL, keeping its invite query', () => {
    expect(
      withRedirect('/pages/login/index?code=ABC&side=left', '/pages/shop/shopOrderDetail?order_id=7'),
    ).toBe('/pages/login/index?code=ABC&side=left&redirect=%2Fpages%2Fshop%2FshopOrderDetail%3Forder_id%3D7');
    expect(withRedirect('/pages/login/index', '/pages/shop/orderList')).toBe(
      '/pages/login/index?redirect=%2Fpages%2Fshop%2ForderList',
    );
  });

  it('adds nothing for home or a path that is not a page to return to', () => {
    expect(withRedirect('/pages/login/index', '/')).toBe('/pages/login/index');
    expect(withRedirect('/pages/login/index?code=X', '//evil.example')).toBe('/pages/login/index?code=X');
  });
});
