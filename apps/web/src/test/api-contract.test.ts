import { describe, expect, it } from 'vitest';
import { checkFakeAnswer, takeContractViolations } from './api-contract.ts';
import { makeMe } from './fixtures.ts';

// The fake server of the page tests may only answer what the server could: these are the checks every stubbed
// answer goes through (the test setup fails the test that saw a violation).
describe("the page tests' fake server against the API document", () => {
  const ok = (data: unknown) => ({ code: 200, msg: 'ok', data });
  const check = (method: string, path: string, status: number, body: unknown) => {
    checkFakeAnswer(method, path, status, body);
    return takeContractViolations();
  };

  it('lets an answer the server could give through', () => {
    expect(check('GET', '/api/v1/me', 200, ok(makeMe()))).toEqual([]);
    expect(check('GET', '/api/v1/me', 401, { code: 401, msg: 'Please sign in', data: null })).toEqual([]);
  });

  it('refuses a field the document does not describe, a missing one, and a wrong type', () => {
    const extra = check('GET', '/api/v1/me', 200, ok({ ...makeMe(), invented: 1 }));
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatch(
      /GET \/api\/v1\/me answered 200 with a body its schema refuses: .*must NOT have additional properties/,
    );
    const { address: _address, ...noAddress } = makeMe();
    expect(check('GET', '/api/v1/me', 200, ok(noAddress))[0]).toMatch(
      /must have required property 'address'/,
    );
    expect(check('GET', '/api/v1/me', 200, ok({ ...makeMe(), address: 12 }))[0]).toMatch(/must be string/);
  });

  it('refuses a status the operation does not declare, and an operation the API does not have', () => {
    expect(check('GET', '/api/v1/me', 409, { code: 409, msg: 'x', data: null })).toEqual([
      'GET /api/v1/me answered 409, a status its operation does not declare (fake of GET /api/v1/me)',
    ]);
    expect(check('GET', '/api/v1/no-such-thing', 200, ok(null))).toEqual([
      'a fake answers GET /api/v1/no-such-thing, an operation the API does not have',
    ]);
    expect(check('DELETE', '/api/v1/me', 200, ok(null))).toEqual([
      'a fake answers DELETE /api/v1/me, an operation the API does not have',
    ]);
  });

  it("lets a gateway's 502, 503 or 504 through on any operation (the server is down or slow behind it)", () => {
    expect(check('GET', '/api/v1/me', 503, { code: 503, msg: 'Service unavailable', data: null })).toEqual(
      [],
    );
    expect(check('GET', '/api/v1/me', 501, { code: 501, msg: 'x', data: null })).toHaveLength(1);
  });

  it('matches a concrete path to its operation, a literal segment before a parameter', () => {
    // /order/all is its own operation, not /order/{order_id} with "all"
    expect(check('GET', '/api/v1/order/12', 200, ok({ invented: true }))[0]).toMatch(
      /^GET \/api\/v1\/order\/\{order_id\} answered 200/,
    );
    expect(check('GET', '/api/v1/order/all', 200, ok({ invented: true }))[0]).toMatch(
      /^GET \/api\/v1\/order\/all answered 200/,
    );
  });
});
