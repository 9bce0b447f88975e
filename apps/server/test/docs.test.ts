import { envelope } from '@agc/shared';
import { contractViolation } from '@agc/shared/testing/api-contract';
import { ERROR_STATUSES } from '@server/lib/route-schema.ts';
import { serverClock } from '@server/modules/testing/clock.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildCheckedApp } from './contract.ts';
import { newWallet, session, startTestServer, type TestServer } from './helpers.ts';

// The API document, held to properties of every operation rather than to a list: a route added later is checked
// the same way, by what it declares and by how it answers. Every answer below is also checked against the document
// by the contract (contract.ts): a status or a field the document does not declare fails the request's test.

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}
type Schema = Record<string, unknown>;
interface Document {
  openapi: string;
  servers?: { url: string }[];
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Record<string, string>> };
  paths: Record<string, Record<string, Operation>>;
}

let s: TestServer;
let doc: Document;
let admin: Record<string, string>;
let member: Record<string, string>;
const ops: { method: string; path: string; op: Operation }[] = [];

const SIGNED_IN = [{ bearer: [], wallet: [] }];
const BODY_METHODS = ['post', 'put', 'patch', 'delete'];
/** A URL of the operation, each path parameter filled with 1. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, '1');
const roleChecked = (op: Operation) =>
  op.responses['403']?.description?.startsWith('Signed in without the role');

beforeAll(async () => {
  const adminWallet = newWallet();
  // The test clock's routes are in the document too when TEST_CLOCK is set.
  const base = await startTestServer({ ADMIN_ADDRESSES: adminWallet.address, TEST_CLOCK: 'now' });
  const app = await buildCheckedApp({ ...base.ctx, ...serverClock(base.ctx.config) });
  await app.ready();
  s = {
    ...base,
    app,
    close: async () => {
      await app.close();
      await base.close();
    },
  };
  // The first member is the root (an admin here); the next signs up under its invitation.
  admin = await session(s, adminWallet);
  const me = await s.app.inject({ method: 'GET', url: '/api/v1/me', headers: admin });
  member = await session(s, newWallet(), { invite_code: me.json().data.invite_code, side: 'left' });
  const res = await s.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) ops.push({ method, path, op });
});
afterAll(async () => {
  await s.close();
});

describe('the API document', () => {
  it('is OpenAPI 3.1 (JSON Schema), served from its own origin, with both parts of a session as schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.wallet).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Wallet-Address',
    });
    expect(ops.length).toBeGreaterThan(100);
    expect(Object.keys(doc.paths)).toContain('/api/v1/test/clock');
  });

  it('gives every operation a summary, one tag, a unique operationId and its security, public ones []', () => {
    const ids = new Set<string>();
    for (const { method, path, op } of ops) {
      const where = `${method} ${path}`;
      expect(op.summary, where).toMatch(/\S/);
      expect(op.tags, where).toHaveLength(1);
      expect(op.operationId, where).toMatch(/^(get|post|put|patch|delete)[A-Z][A-Za-z0-9]*$/);
      expect(ids.has(op.operationId ?? ''), `${where}: operationId ${op.operationId} twice`).toBe(false);
      ids.add(op.operationId ?? '');
      // Signed in: the bearer token AND X-Wallet-Address; public: declared as such.
      expect([[], SIGNED_IN], where).toContainEqual(op.security);
      // The wallet header is a security scheme, so no operation lists it as a parameter of its own.
      expect(
        op.parameters?.some((p) => p.in === 'header'),
        where,
      ).not.toBe(true);
    }
    const publicOps = ops.filter((o) => o.op.security?.length === 0).map((o) => `${o.method} ${o.path}`);
    expect(publicOps.sort()).toEqual([
      'get /api/v1/config',
      'get /api/v1/launchpad/rounds/{id}/allocations',
      'get /api/v1/nonce',
      'get /api/v1/por/latest',
      'get /api/v1/por/snapshots',
      'get /api/v1/prices',
      'get /health',
      'get /ready',
      'post /api/v1/auth',
      'post /api/v1/vitals',
    ]);
  });

  it('declares every answer of every operation: 200 and each error status, with the {code, msg, data} envelope', () => {
    const resolve = (schema: Schema | undefined): Schema | undefined => {
      const ref = schema?.$ref;
      return typeof ref === 'string'
        ? doc.components.schemas[ref.replace('#/components/schemas/', '')]
        : schema;
    };
    for (const { method, path, op } of ops) {
      const where = `${method} ${path}`;
      const statuses = Object.keys(op.responses);
      expect(statuses, where).toContain('200');
      for (const status of statuses)
        expect([200, ...ERROR_STATUSES].includes(Number(status)), `${where} ${status}`).toBe(true);
      const ok = op.responses['200']?.content ?? {};
      const csv = Object.keys(ok).includes('text/csv');
      expect(Object.keys(ok), where).toEqual([csv ? 'text/csv' : 'application/json']);
      if (!csv) {
        const schema = resolve(ok['application/json']?.schema);
        expect(schema?.required, where).toEqual(['code', 'msg', 'data']);
        expect(schema?.additionalProperties, where).toBe(false);
      }
      for (const status of statuses.filter((x) => x !== '200')) {
        const response = op.responses[status];
        expect(response?.description, `${where} ${status}`).toMatch(/\S/);
        const schema = resolve(response?.content?.['application/json']?.schema);
        expect(schema?.required, `${where} ${status}`).toEqual(['code', 'msg', 'data']);
        expect(
          (schema?.properties as Record<string, Schema> | undefined)?.code,
          `${where} ${status}`,
        ).toMatchObject({
          enum: [Number(status)],
        });
      }
      // What the configuration implies: any route may fail inside (500); a signed-in one answers 401 (sign-in
      // itself does too: a bad signature); one that reads input or a body answers 400, and a body also 413 and 415.
      expect(statuses, where).toContain('500');
      if (op.security?.length) expect(statuses, where).toContain('401');
      if (op.parameters?.length || op.requestBody || BODY_METHODS.includes(method))
        expect(statuses, where).toContain('400');
      if (BODY_METHODS.includes(method))
        expect(statuses, where).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('lists null in every enum of a value that may be null (cut_reason, side, reason...)', () => {
    // OpenAPI 3.0's `nullable: true` beside an `enum` without null still refuses null (3.0.3 says so, and so do
    // Ajv and swagger-parser): the server sends `cut_reason: null` and `side: null`.
    const found: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Schema;
      const types = [schema.type].flat();
      if (Array.isArray(schema.enum) && (schema.nullable === true || types.includes('null')))
        if (!schema.enum.includes(null)) found.push(at);
      for (const [key, value] of Object.entries(schema)) walk(value, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(found).toEqual([]);
    // And the schemas say what a null means: each such property accepts null and its values, nothing else.
    const ajv = new Ajv2020({ strict: false });
    const tree = doc.paths['/api/v1/me/tree']?.get?.responses['200']?.content?.['application/json']
      ?.schema as {
      properties: { data: { properties: { node: { properties: { side: Schema } } } } };
    };
    const side = ajv.compile(tree.properties.data.properties.node.properties.side);
    expect([null, 'left', 'right', 'up'].map((v) => side(v))).toEqual([true, true, true, false]);
  });
});

describe('every operation answers as it declares', () => {
  it('signed out, a signed-in operation answers 401 and a public one never does', async () => {
    for (const { method, path, op } of ops) {
      const res = await s.app.inject({ method: method.toUpperCase() as 'GET', url: urlOf(path) });
      if (op.security?.length) expect(res.statusCode, `${method} ${path}`).toBe(401);
      else expect(res.statusCode, `${method} ${path}`).not.toBe(401);
    }
  });

  it('a member without the role gets 403 from every role-checked operation, before anything is read', async () => {
    const checked = ops.filter((o) => roleChecked(o.op));
    expect(checked.length).toBeGreaterThan(30);
    for (const { method, path } of checked) {
      const res = await s.app.inject({
        method: method.toUpperCase() as 'GET',
        url: urlOf(path),
        headers: member,
      });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('a body that is not JSON gets 415, and one too large 413, on every operation that reads a body', async () => {
    const withBody = ops.filter((o) => BODY_METHODS.includes(o.method));
    expect(withBody.length).toBeGreaterThan(40);
    const large = JSON.stringify({ note: 'x'.repeat(70 * 1024) });
    for (const { method, path } of withBody) {
      const at = { method: method.toUpperCase() as 'POST', url: urlOf(path) };
      const xml = await s.app.inject({
        ...at,
        headers: { ...admin, 'content-type': 'application/xml' },
        payload: '<a/>',
      });
      expect(xml.statusCode, `${method} ${path}`).toBe(415);
      const big = await s.app.inject({
        ...at,
        headers: { ...admin, 'content-type': 'application/json' },
        payload: large,
      });
      expect(big.statusCode, `${method} ${path}`).toBe(413);
    }
  });

  it('serves a docs page', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('the contract every server test holds answers to', () => {
  it('refuses a status, a media type or a field the document does not declare', async () => {
    const data = (await s.app.inject({ method: 'GET', url: '/api/v1/config' })).json().data;
    const config = (body: unknown, status = 200, contentType = 'application/json; charset=utf-8') =>
      contractViolation(doc as never, {
        method: 'GET',
        path: '/api/v1/config',
        status,
        contentType,
        body: JSON.stringify(body),
      });
    expect(config({ code: 200, msg: 'OK', data })).toBeNull();
    expect(config({ code: 200, msg: 'OK', data: { ...data, extra: 1 } })).toMatch(/schema refuses/);
    expect(config({ code: 200, data })).toMatch(/schema refuses/);
    expect(config({ code: 200, msg: 'OK', data }, 409)).toMatch(/does not declare/);
    expect(config({ code: 200, msg: 'OK', data }, 200, 'text/html')).toMatch(/does not declare/);
    expect(config({ code: 500, msg: 'Internal error', data: null }, 500)).toBeNull();
    expect(config({ code: 500, msg: 'Internal error', data: { stack: 'at …' } }, 500)).toMatch(
      /schema refuses/,
    );
  });

  it('makes the request of a test fail when its answer breaks the document', async () => {
    const app = await buildCheckedApp(s.ctx);
    const probe = z.object({ a: z.string() });
    const schema = { summary: 'probe', tags: ['probe'], security: [], response: { 200: envelope(probe) } };
    // Answers as declared, with an undeclared field (its serializer does not strip it), or an undeclared status.
    app.get(
      '/api/v1/probe',
      { schema, serializerCompiler: () => (d) => JSON.stringify(d) },
      async (req, reply) => {
        const as = (req.query as { as?: string }).as;
        // The type provider refuses an undeclared status at compile time; the probe sends one all the same.
        if (as === 'conflict')
          return (reply as unknown as FastifyReply).code(409).send({ code: 409, msg: 'taken', data: null });
        return { code: 200, msg: 'OK', data: as === 'extra' ? { a: 'x', b: 1 } : { a: 'x' } };
      },
    );
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/probe' })).statusCode).toBe(200);
      await expect(app.inject({ method: 'GET', url: '/api/v1/probe?as=extra' })).rejects.toThrow(
        /GET \/api\/v1\/probe answered 200 with a body its schema refuses: body\/data must NOT have additional properties/,
      );
      await expect(app.inject({ method: 'GET', url: '/api/v1/probe?as=conflict' })).rejects.toThrow(
        /answered 409, a status its operation does not declare/,
      );
    } finally {
      await app.close();
    }
  });
});

describe('public configuration', () => {
  it('gives the chain, the contracts and the configured rates', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/config' });
    const data = res.json().data;
    expect(data.chain_id).toBe(42161);
    expect(Object.keys(data.contracts).sort()).toEqual(['attestation', 'bank', 'token', 'transfer', 'usdt']);
    // This server's chain has no attestation contract: nothing is published, and the app is told so.
    expect(data.contracts.attestation).toBeNull();
    expect(data.rates.referral_max).toBe('10');
    // The "up to" rates are the highest level's, so the invite texts cannot disagree with the rules.
    expect([data.rates.pairing_max, data.rates.static_max]).toEqual(['10', '1']);
    expect(data.siwe).toEqual({
      domain: 'localhost:3000',
      uri: 'http://localhost:3000',
      statement: 'Sign in to AGCFund Portfolio.',
    });
  });

  it('signs up with the request body the document shows (from packages/shared)', () => {
    const body = doc.paths['/api/v1/auth']?.post?.requestBody as {
      content: { 'application/json': { schema: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(body.content['application/json'].schema.properties).sort()).toEqual([
      'invite_code',
      'message',
      'side',
      'signature',
    ]);
  });
});

describe('GET /api/v1/me', () => {
  it('returns exactly the user-info fields of the spec, plus address, invitation code, roles and today’s rewards', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/me', headers: member });
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
    // team_counts_as_of: when the team sizes were counted (null: live); launchpad_locked_agc: the AGC bought on
    // the launchpad and still locked.
    expect(Object.keys(res.json().data).sort()).toEqual(
      [...spec, 'address', 'invite_code', 'roles', 'team_counts_as_of', 'launchpad_locked_agc'].sort(),
    );
  });
});
