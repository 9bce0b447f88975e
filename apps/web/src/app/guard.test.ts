import { NOT_FOUND_HANDLE, ROUTE_TABLE } from '@web/lib/route-table.ts';
import { describe, expect, it } from 'vitest';
import { loginRedirectUrl, PUBLIC_ROUTE_NAMES, resolveGuard } from './guard.ts';

const LOGGED_OUT_REACHABLE = new Set([
  'login',
  'localWallet',
  'localWallet_transaction',
  'localWallet_result',
  'localWallet_list',
  'localWallet_withdrawal',
  // The proof-of-liabilities coverage: public, signed in or not.
  'porPublic',
]);

describe('resolveGuard, logged out', () => {
  for (const route of ROUTE_TABLE) {
    const expected = LOGGED_OUT_REACHABLE.has(route.name) ? 'allow' : 'login';
    it(`${route.name} (${route.path}) → ${expected}`, () => {
      expect(resolveGuard(route, false)).toEqual({ type: expected });
    });
  }

  it('lets the public names through even when their login flag is set', () => {
    expect(PUBLIC_ROUTE_NAMES).toEqual(['login', 'wode', 'firstPage', 'testWallet']);
    for (const name of ['wode', 'firstPage', 'testWallet']) {
      expect(resolveGuard({ name, login: true }, false)).toEqual({ type: 'allow' });
    }
  });

  it('sends any other login route to login', () => {
    expect(resolveGuard({ name: 'anything', login: true }, false)).toEqual({ type: 'login' });
  });

  it('lets unknown paths and the not-found page render', () => {
    expect(resolveGuard(undefined, false)).toEqual({ type: 'allow' });
    expect(resolveGuard(NOT_FOUND_HANDLE, false)).toEqual({ type: 'allow' });
  });
});

describe('resolveGuard, logged in', () => {
  for (const route of ROUTE_TABLE) {
    const expected = route.name === 'login' ? 'home' : 'allow';
    it(`${route.name} (${route.path}) → ${expected}`, () => {
      expect(resolveGuard(route, true)).toEqual({ type: expected });
    });
  }
});

describe('route table', () => {
  it('has every route of the spec with its name and login flag', () => {
    const table = Object.fromEntries(ROUTE_TABLE.map((r) => [r.path, [r.name, r.login]]));
    expect(table).toEqual({
      '/': ['home', true],
      '/pages/index/index': ['home', true],
      '/pages/index/hashRate': ['hashRate', true],
      '/pages/login/index': ['login', false],
      '/pages/index/team_user': ['team_user', true],
      '/pages/rewardList/index': ['detail', true],
      '/pages/rewardList/detail': ['rewardDetail', true],
      '/pages/shop/index': ['shop', true],
      '/pages/shop/paySuccess': ['shopPaySuccess', true],
      '/pages/shop/orderList': ['shopOrderList', true],
      '/pages/shop/shopOrderDetail': ['shopOrderDetail', true],
      '/pages/withdrawal/index': ['withdrawal', true],
      '/pages/withdrawal/withdrawalSunccess': ['withdrawalSunccess', true],
      '/pages/withdrawal/list': ['withdrawalOrderList', true],
      '/pages/withdrawal/detail': ['withdrawalOrderDetail', true],
      '/pages/my/index': ['profile', true],
      '/pages/my/selectLan/index': ['selectLan', true],
      '/pages/my/invite/index': ['invite', true],
      '/pages/my/invite/inviteTree': ['inviteTree', true],
      '/pages/admin/analytics': ['analytics', true],
      '/pages/admin/rewardDistribution': ['rewardDistribution', true],
      '/pages/admin/audit': ['audit', true],
      '/pages/admin/auditOrder': ['audit_order', true],
      '/pages/localWallet/index': ['localWallet', false],
      '/pages/localWallet/transaction': ['localWallet_transaction', false],
      '/pages/localWallet/result': ['localWallet_result', false],
      '/pages/localWallet/list': ['localWallet_list', false],
      '/pages/localWallet/withdrawal': ['localWallet_withdrawal', false],
      '/pages/found/home': ['foundHome', true],
      '/pages/found/my': ['foundMy', true],
      '/pages/found/foundIncome/index': ['foundIncome', true],
      // Fund screens the spec names no path for, chosen under /pages/found and /pages/admin.
      '/pages/found/detail': ['foundDetail', true],
      '/pages/found/orderDetail': ['foundOrderDetail', true],
      '/pages/found/bills': ['foundBills', true],
      '/pages/found/payResult': ['foundPayResult', true],
      '/pages/admin/funds': ['adminFunds', true],
      '/pages/admin/fundRedemptions': ['adminFundRedemptions', true],
      // Simple earn, launchpad and exchange: no paths in the spec, chosen under /pages (docs/decisions/0099-unspecified-routes.md).
      '/pages/easyEarn/index': ['easyEarn', true],
      '/pages/easyEarn/transferIn': ['easyEarnTransferIn', true],
      '/pages/easyEarn/transferOut': ['easyEarnTransferOut', true],
      '/pages/easyEarn/result': ['easyEarnResult', true],
      '/pages/easyEarn/records': ['easyEarnRecords', true],
      '/pages/launchpad/index': ['launchpad', true],
      '/pages/launchpad/detail': ['launchpadDetail', true],
      '/pages/launchpad/result': ['launchpadResult', true],
      '/pages/launchpad/mine': ['launchpadMine', true],
      '/pages/exchange/index': ['exchange', true],
      '/pages/exchange/result': ['exchangeResult', true],
      '/pages/exchange/history': ['exchangeHistory', true],
      '/pages/admin/launchpad': ['adminLaunchpad', true],
      '/pages/admin/roles': ['adminRoles', true],
      '/pages/admin/auditLog': ['adminAuditLog', true],
      '/pages/admin/solvency': ['adminSolvency', true],
      '/pages/admin/incidents': ['adminIncidents', true],
      '/pages/admin/proofs': ['adminProofs', true],
      '/pages/proof/verify': ['porVerify', true],
      '/pages/proof/index': ['porPublic', false],
      '/pages/assets/index': ['assets', true],
    });
  });

  it('puts the four tab roots at indexes 0..3', () => {
    const tabs = ROUTE_TABLE.filter((r) => r.tab !== undefined).map((r) => [r.path, r.tab]);
    expect(tabs).toEqual([
      ['/', 0],
      ['/pages/index/index', 0],
      ['/pages/rewardList/index', 1],
      ['/pages/shop/index', 2],
      ['/pages/my/index', 3],
    ]);
  });
});

describe('loginRedirectUrl', () => {
  const at = (pathAndQuery: string) => loginRedirectUrl(new URL(pathAndQuery, 'http://localhost'));

  it('sends a deep link to login with the page asked for (and its query) as redirect', () => {
    const url = new URL(at('/pages/shop/shopOrderDetail?order_id=42'), 'http://localhost');
    expect(url.pathname).toBe('/pages/login/index');
    expect(url.searchParams.get('redirect')).toBe('/pages/shop/shopOrderDetail?order_id=42');
  });

  it('keeps the invite query beside it', () => {
    const url = new URL(at('/pages/shop/index?code=ABCD2345&side=right'), 'http://localhost');
    expect(url.searchParams.get('code')).toBe('ABCD2345');
    expect(url.searchParams.get('side')).toBe('right');
    expect(url.searchParams.get('redirect')).toBe('/pages/shop/index?code=ABCD2345&side=right');
  });

  it('adds no redirect for home', () => {
    expect(at('/')).toBe('/pages/login/index');
    expect(at('/?code=X')).toBe('/pages/login/index?code=X');
  });
});
