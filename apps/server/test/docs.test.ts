import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

describe('API documentation and public configuration', () => {
  it('generates an OpenAPI document from the route schemas', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/admin/analytics',
      '/api/v1/admin/analytics/csv',
      '/api/v1/admin/audit-log',
      '/api/v1/admin/funds/nav',
      '/api/v1/admin/funds/nav/pending',
      '/api/v1/admin/funds/nav/{nav_id}/confirm',
      '/api/v1/admin/funds/nav/{nav_id}/reject',
      '/api/v1/admin/funds/orders',
      '/api/v1/admin/funds/products',
      '/api/v1/admin/funds/products/{id}',
      '/api/v1/admin/funds/products/{id}/nav',
      '/api/v1/admin/funds/products/{id}/nav/preview',
      '/api/v1/admin/funds/redemptions',
      '/api/v1/admin/funds/redemptions/approve',
      '/api/v1/admin/funds/redemptions/reject',
      '/api/v1/admin/incidents',
      '/api/v1/admin/incidents/{id}/accept',
      '/api/v1/admin/incidents/{id}/cancel',
      '/api/v1/admin/incidents/{id}/confirm',
      '/api/v1/admin/incidents/{id}/reverse',
      '/api/v1/admin/launchpad/rounds',
      '/api/v1/admin/launchpad/rounds/{id}',
      '/api/v1/admin/launchpad/rounds/{id}/close',
      '/api/v1/admin/orders',
      '/api/v1/admin/orders/{order_id}/cancel',
      '/api/v1/admin/orders/{order_id}/confirm',
      '/api/v1/admin/orders/{order_id}/recheck',
      '/api/v1/admin/roles',
      '/api/v1/admin/roles/grant',
      '/api/v1/admin/roles/requests/{id}/cancel',
      '/api/v1/admin/roles/requests/{id}/confirm',
      '/api/v1/admin/roles/revoke',
      '/api/v1/admin/settlements',
      '/api/v1/admin/settlements/preview',
      '/api/v1/admin/settlements/run',
      '/api/v1/admin/solvency',
      '/api/v1/admin/withdraws',
      '/api/v1/admin/withdraws/approve',
      '/api/v1/admin/withdraws/{withdraw_id}/approve',
      '/api/v1/admin/withdraws/{withdraw_id}/reject',
      '/api/v1/admin/withdraws/{withdraw_id}/revoke',
      '/api/v1/auth',
      '/api/v1/config',
      '/api/v1/earn/interest',
      '/api/v1/earn/movements',
      '/api/v1/earn/movements/{id}',
      '/api/v1/earn/summary',
      '/api/v1/earn/transfer-in',
      '/api/v1/earn/transfer-out',
      '/api/v1/earn/transfer-out/preview',
      '/api/v1/exchange/history',
      '/api/v1/exchange/info',
      '/api/v1/exchange/quotes',
      '/api/v1/exchange/quotes/{id}',
      '/api/v1/exchange/quotes/{id}/accept',
      '/api/v1/funds/agent',
      '/api/v1/funds/bills',
      '/api/v1/funds/bills.csv',
      '/api/v1/funds/earnings',
      '/api/v1/funds/earnings/move',
      '/api/v1/funds/orders',
      '/api/v1/funds/orders/cancel',
      '/api/v1/funds/orders/pay',
      '/api/v1/funds/orders/{order_id}',
      '/api/v1/funds/orders/{order_id}/tx',
      '/api/v1/funds/products',
      '/api/v1/funds/products/{id}',
      '/api/v1/funds/products/{id}/nav',
      '/api/v1/funds/products/{id}/quote',
      '/api/v1/funds/redemptions',
      '/api/v1/funds/redemptions/cancel',
      '/api/v1/funds/summary',
      '/api/v1/launchpad/purchases',
      '/api/v1/launchpad/purchases/{id}',
      '/api/v1/launchpad/rounds',
      '/api/v1/launchpad/rounds/{id}',
      '/api/v1/launchpad/rounds/{id}/allocations',
      '/api/v1/launchpad/rounds/{id}/buy',
      '/api/v1/logout',
      '/api/v1/logout/all',
      '/api/v1/me',
      '/api/v1/me/invite',
      '/api/v1/me/relation',
      '/api/v1/me/team',
      '/api/v1/me/tree',
      '/api/v1/me/tree/subtree',
      '/api/v1/nonce',
      '/api/v1/order',
      '/api/v1/order/all',
      '/api/v1/order/approve/agc/{order}',
      '/api/v1/order/approve/usdt/{order}',
      '/api/v1/order/cancel',
      '/api/v1/order/pay',
      '/api/v1/order/tx/{order}',
      '/api/v1/order/{order_id}',
      '/api/v1/prices',
      '/api/v1/products',
      '/api/v1/products/{id}/quote',
      '/api/v1/profit/all',
      '/api/v1/profit/day',
      '/api/v1/profit/detail',
      '/api/v1/profit/mng',
      '/api/v1/profit/series',
      '/api/v1/profit/type',
      '/api/v1/token/price',
      '/api/v1/token/price2',
      '/api/v1/withdraw',
      '/api/v1/withdraw/check',
      '/api/v1/withdraw/claim/{id}',
      '/api/v1/withdraw/limit',
      '/api/v1/withdraw/{withdraw_id}',
      '/api/v1/withdraws',
    ]);
    // The request schema of sign-in comes from packages/shared.
    const body = doc.paths['/api/v1/auth'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties).sort()).toEqual(['invite_code', 'message', 'side', 'signature']);
    expect(doc.paths['/api/v1/me'].get.security).toEqual([{ bearer: [] }]);
  });

  it('serves a docs page', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('gives the chain, the three contracts and the configured rates', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/config' });
    const data = res.json().data;
    expect(data.chain_id).toBe(42161);
    expect(Object.keys(data.contracts).sort()).toEqual(['bank', 'token', 'transfer', 'usdt']);
    expect(data.rates.referral_max).toBe('10');
    // The "up to" rates are the highest level's, so the invite texts cannot disagree with the rules.
    expect([data.rates.pairing_max, data.rates.static_max]).toEqual(['10', '1']);
    expect(data.siwe).toEqual({
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      statement: 'Sign in to AGCFund Portfolio.',
    });
  });
});

describe('GET /api/v1/me', () => {
  it('returns exactly the user-info fields of the spec, plus address, invitation code, roles and today’s rewards', async () => {
    const { newWallet, session } = await import('./helpers.ts');
    const res = await s.app.inject({
      method: 'GET',
      url: '/api/v1/me',
      headers: await session(s, newWallet()),
    });
    const spec = [
      'fixed_invest_amount_usdt',
      'fixed_invest_amount_amc',
      'yesterday_profit',
      'yesterday_profit_amc',
      'today_profit',
      'today_profit_amc',
      'realized_profit_usdt',
      'realized_profit_amc',
      'fund_available_profit',
      'fund_level',
      'day_top_profit',
      'level',
      'available_profit',
      'locked_profit',
      'profit_sum',
      'team_size_all',
      'team_size_valid',
      'invited_count_all',
      'invited_count_valid',
      'left_team_investment',
      'right_team_investment',
      'month_team_invest',
      'service_fee',
      'redemption_fee',
      'manage_leve',
      'manage_award_base',
      'receive_address',
      'register_days',
      'investment_sum',
      'remaining_dividends',
      'withdrawable_vc',
      'withdrawable_usdt',
      'dividend_rate',
      'vc_rate',
    ];
    // team_counts_as_of: when the team sizes were counted (null: live; issue 13); launchpad_locked_agc: the AGC
    // bought on the launchpad and still locked (issue 15).
    expect(Object.keys(res.json().data).sort()).toEqual(
      [...spec, 'address', 'invite_code', 'roles', 'team_counts_as_of', 'launchpad_locked_agc'].sort(),
    );
  });
});
