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
    expect(Object.keys(doc.paths).sort()).toEqual(['/api/v1/auth', '/api/v1/config', '/api/v1/me', '/api/v1/nonce']);
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
    expect(data.siwe).toEqual({ domain: 'localhost:3000', uri: 'http://localhost:3000', statement: 'Sign in to AGCFund Portfolio.' });
  });
});
