import { rowsOf } from '@agc/db';
import { type InputKind, inputKinds, interpolate, type Locale } from '@agc/shared';
import { apiMessages } from '@agc/shared/api-messages';
import { translator } from '@server/plugins/i18n.ts';
import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

/**
 * Every route that reads an id, a count or an amount, taken from the routes the app registers (not a list kept by
 * hand), gets the same table of wrongly written values in each such field of its params, query or body: each is
 * answered 400 with a translated message about that field, and nothing in the database changes. Fields are found
 * by the kind their schema carries (packages/shared api/input.ts); a request field that is named like an id or an
 * amount, or is a bare number, without one fails the test, so a new route cannot slip past the class.
 */

type Part = 'params' | 'querystring' | 'body';
interface Field {
  part: Part;
  name: string;
  kind: InputKind;
  message?: string;
  /** The field is a list (bulk ids): each bad value is sent as its only element. */
  list: boolean;
}
interface Route {
  method: string;
  url: string;
  schemas: Partial<Record<Part, z.ZodType>>;
  fields: Field[];
}

const PARTS: Part[] = ['params', 'querystring', 'body'];
const TX = `0x${'ab'.repeat(32)}`;
const ADDRESS = '0x00000000000000000000000000000000000000aa';

// Query strings and paths carry text only; a JSON body also numbers, booleans, lists, objects and null.
const INTEGER_TEXT = [
  '0x1',
  '1e0',
  ' 1',
  '1 ',
  '01',
  '+1',
  '1.5',
  '1.0',
  'abc',
  '１',
  '1_0',
  'Infinity',
  'NaN',
];
const INTEGER_JSON = [true, false, [1], { n: 1 }, 1.5, null];
const ID_ONLY = ['0', '-1', '', '1000000000000000000'];
const AMOUNT_TEXT = [
  ' 10',
  '10 ',
  '00010',
  '0010.5',
  '+10',
  '1e1',
  '0x10',
  '10.',
  '.5',
  '1,000',
  '1_000',
  '１０',
  '1 0',
  '\t10',
  '10\n',
  '--1',
  'NaN',
  'Infinity',
];
const AMOUNT_JSON = [10, 0.5, true, ['10'], { amount: '10' }, null];

function badValues(field: Field): unknown[] {
  const json = field.part === 'body';
  // A query key given twice reads as a list; a path cannot carry an empty segment.
  const twice = field.part === 'querystring' ? [field.kind === 'amount' ? ['10', '10'] : ['1', '1']] : [];
  if (field.kind === 'amount') return [...AMOUNT_TEXT, ...twice, ...(json ? AMOUNT_JSON : [])];
  const idOnly = field.kind === 'id' ? ID_ONLY.filter((v) => v !== '' || field.part !== 'params') : [];
  return [...INTEGER_TEXT, ...idOnly, ...twice, ...(json ? INTEGER_JSON : [])];
}

// --- reading the registered schemas ---------------------------------------------------------------------------

const def = (s: z.ZodType) =>
  (s as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;

/** The field's kind, looking through optional, default, nullable, pipes and lists. */
function kindOf(
  schema: z.ZodType,
  list = false,
): (Pick<Field, 'kind' | 'message'> & { list: boolean }) | null {
  const meta = inputKinds.get(schema);
  if (meta) return { ...meta, list };
  const d = def(schema);
  if (['optional', 'default', 'nullable', 'prefault', 'readonly'].includes(d.type))
    return kindOf(d.innerType as z.ZodType, list);
  if (d.type === 'pipe') return kindOf(d.in as z.ZodType, list) ?? kindOf(d.out as z.ZodType, list);
  if (d.type === 'array') return kindOf(d.element as z.ZodType, true);
  return null;
}

/** The schema under its wrappers (to spot a bare number). */
function core(schema: z.ZodType): z.ZodType {
  const d = def(schema);
  if (['optional', 'default', 'nullable', 'prefault', 'readonly'].includes(d.type))
    return core(d.innerType as z.ZodType);
  if (d.type === 'pipe') return core(d.out as z.ZodType);
  return schema;
}

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const d = def(schema);
  if (d.type === 'object') return d.shape as Record<string, z.ZodType>;
  if (['optional', 'default', 'nullable', 'prefault'].includes(d.type))
    return shapeOf(d.innerType as z.ZodType);
  if (d.type === 'pipe') return shapeOf(d.out as z.ZodType);
  return {};
}

const LOOKS_LIKE_ID = /(^|_)(id|ids)$|^order$/;
const LOOKS_LIKE_AMOUNT =
  /amount|_usdt$|_agc$|^units$|^nav$|percent|^price|per_copy|^copies$|(^|_)days$|^page$|^size$/;

/** The route's id, count and amount fields; throws on a field that looks like one but has no kind. */
function fieldsOf(route: Pick<Route, 'method' | 'url' | 'schemas'>): Field[] {
  const fields: Field[] = [];
  for (const part of PARTS) {
    const schema = route.schemas[part];
    if (!schema) continue;
    for (const [name, field] of Object.entries(shapeOf(schema))) {
      const kind = kindOf(field);
      if (kind) {
        fields.push({ part, name, ...kind });
        continue;
      }
      const where = `${route.method} ${route.url} ${part}.${name}`;
      if (LOOKS_LIKE_ID.test(name) || LOOKS_LIKE_AMOUNT.test(name))
        throw new Error(`${where} looks like an id or an amount but does not use api/input.ts`);
      if (def(core(field)).type === 'number') throw new Error(`${where} is a bare number: use integerInput`);
    }
  }
  return fields;
}

// --- good values, so that the one bad field is the only thing wrong ---------------------------------------------

function goodValue(schema: z.ZodType, part: Part, kind?: InputKind): unknown {
  const candidates: unknown[] = [];
  if (kind === 'amount') candidates.push('10');
  else if (kind) candidates.push(part === 'body' ? 1 : '1', '1');
  const d = def(core(schema));
  if (d.type === 'enum') candidates.push(Object.values(d.entries as Record<string, string>)[0]);
  candidates.push('x', '2030-01-02', '2030-01', TX, ADDRESS, 1, true, {}, ['1'], [1]);
  for (const c of candidates) if (schema.safeParse(c).success) return c;
  throw new Error('no good value');
}

/** A request part that passes its schema: required fields only, each with a value it accepts. */
function goodPart(schema: z.ZodType, part: Part, fields: Field[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shapeOf(schema))) {
    if (field.safeParse(undefined).success) continue;
    const kind = fields.find((f) => f.part === part && f.name === name)?.kind;
    out[name] = goodValue(field, part, kind);
  }
  return out;
}

// --- the requests -------------------------------------------------------------------------------------------------

function request(route: Route, parts: Partial<Record<Part, Record<string, unknown>>>) {
  let url = route.url;
  for (const [k, v] of Object.entries(parts.params ?? {}))
    url = url.replace(`:${k}`, encodeURIComponent(String(v)));
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(parts.querystring ?? {}))
    for (const item of Array.isArray(v) ? v : [v]) query.append(k, String(item));
  const qs = query.toString();
  return { method: route.method, url: qs ? `${url}?${qs}` : url, payload: parts.body };
}

/** A digest of every table a request could change (the volatile ones aside: sessions, limits, leases, nonces). */
async function fingerprint(s: TestServer): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await s.ctx.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  )
    .map((r) => r.name)
    .filter((n) => !['sessions', 'rate_limits', 'job_leases', 'nonces'].includes(n) && !n.startsWith('__'));
  const parts: string[] = [];
  for (const t of tables) {
    const [row] = rowsOf<{ d: string | null }>(
      await s.ctx.db.execute(
        sql.raw(`select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from "${t}" x`),
      ),
    );
    parts.push(`${t}:${row?.d}`);
  }
  return parts.join('\n');
}

/** What a refusal of `field` may say in `locale`: the form's own message, or "Invalid <field>: <a reason>". */
function expectedMessages(field: Field, locale: Locale): string[] {
  const t = translator(locale);
  const reasons = ['integer', 'amount', 'too_small', 'too_big', 'invalid', 'required'].map((r) =>
    t(`validation.${r}`),
  );
  const path = field.list ? `${field.name}.0` : field.name;
  const named = reasons.map((reason) =>
    interpolate(apiMessages[locale].validation.field, { field: path, reason }),
  );
  return field.message ? [t(field.message), ...named] : named;
}

describe('ids, counts and amounts: one spelling, refused alike on every route', () => {
  let s: TestServer;
  let headers: Record<string, string>;
  const routes: Route[] = [];

  beforeAll(async () => {
    const admin = newWallet();
    const seen: Pick<Route, 'method' | 'url' | 'schemas'>[] = [];
    s = await startTestServer({ ADMIN_ADDRESSES: admin.address }, undefined, undefined, {
      onRoute: (r: RouteOptions) => {
        const methods = Array.isArray(r.method) ? r.method : [r.method];
        const schema = (r.schema ?? {}) as Partial<Record<Part, z.ZodType>>;
        for (const method of methods)
          if (method !== 'HEAD' && r.url.startsWith('/api/v1/'))
            seen.push({
              method,
              url: r.url,
              schemas: { params: schema.params, querystring: schema.querystring, body: schema.body },
            });
      },
    });
    headers = (await signUp(s, admin)).headers;
    for (const r of seen) routes.push({ ...r, fields: fieldsOf(r) });
  }, 60_000);
  afterAll(() => s?.close());

  it('finds the routes by their schemas: every module that reads an id or an amount is there', () => {
    const found = routes.filter((r) => r.fields.length > 0).map((r) => `${r.method} ${r.url}`);
    // A few that must be among them (the list itself comes from the app): the finding's fields, and one per module.
    for (const expected of [
      'POST /api/v1/order',
      'GET /api/v1/products/:id/quote',
      'POST /api/v1/earn/transfer-in',
      'GET /api/v1/earn/transfer-out/preview',
      'POST /api/v1/exchange/quotes',
      'POST /api/v1/withdraw',
      'GET /api/v1/order/all',
    ])
      expect(found).toContain(expected);
    expect(found.length).toBeGreaterThan(40);
    const fields = routes.flatMap((r) => r.fields);
    expect(fields.filter((f) => f.kind === 'amount').length).toBeGreaterThan(10);
    expect(fields.filter((f) => f.kind === 'id').length).toBeGreaterThan(20);
  });

  it('refuses each wrongly written id, count and amount with 400 and a translated message, changing nothing', async () => {
    let checked = 0;
    for (const route of routes) {
      if (route.fields.length === 0) continue;
      const good = Object.fromEntries(
        PARTS.filter((p) => route.schemas[p]).map((p) => [
          p,
          goodPart(route.schemas[p] as z.ZodType, p, route.fields),
        ]),
      ) as Partial<Record<Part, Record<string, unknown>>>;
      for (const p of PARTS) {
        const schema = route.schemas[p];
        if (schema)
          expect(schema.safeParse(good[p]).success, `${route.method} ${route.url} good ${p}`).toBe(true);
      }
      const before = await fingerprint(s);
      for (const field of route.fields) {
        for (const [i, bad] of badValues(field).entries()) {
          const sent = field.list ? [bad] : bad;
          const locale: Locale = i % 3 === 0 ? 'ja' : 'en';
          const res = await s.app.inject({
            ...request(route, { ...good, [field.part]: { ...good[field.part], [field.name]: sent } }),
            headers: { ...headers, 'accept-language': locale },
          });
          const where = `${route.method} ${route.url} ${field.part}.${field.name} = ${JSON.stringify(sent)}`;
          expect.soft(res.statusCode, where).toBe(400);
          const body = res.json() as { code: number; msg: string };
          expect.soft(body.code, where).toBe(400);
          expect.soft(expectedMessages(field, locale), `${where}: ${body.msg}`).toContain(body.msg);
          checked++;
        }
      }
      expect(await fingerprint(s), `${route.method} ${route.url} changed the database`).toBe(before);
    }
    expect(checked).toBeGreaterThan(500);
  }, 600_000);
});
