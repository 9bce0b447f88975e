import { createHash } from 'node:crypto';
import { type App, type BuildOptions, buildApp } from '@server/app.ts';
import type { AppContext } from '@server/context.ts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * The API document as a contract: every answer a test gets (success or error) must have a status its operation
 * declares, a media type that status declares, and a body its schema accepts (OpenAPI 3.1 schemas are JSON
 * Schema 2020-12, checked by Ajv). Objects in the document have `additionalProperties: false`, so a field the
 * document does not describe fails the test that received it. Each schema is compiled once per test file.
 */

interface MediaObject {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { schemas?: Record<string, unknown> };
}

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
/** Compiled validators by the schema's text, shared by every app of the test file. */
const compiled = new Map<string, ValidateFunction>();
/**
 * Documents by the routes they describe: generating one costs ~0.4 s of CPU, and the apps of a test worker with the
 * same routes (the same code, so the same schemas) have the same document.
 */
const documents = new Map<string, OpenApiDocument>();
/** Per document: the validator of each `METHOD path status media`. */
const perDocument = new WeakMap<object, Map<string, ValidateFunction>>();
/** The components of each document, added to Ajv once under an id of their content. */
const componentIds = new WeakMap<object, string>();

function componentsId(doc: OpenApiDocument): string {
  let id = componentIds.get(doc);
  if (id) return id;
  const schemas = doc.components?.schemas ?? {};
  const text = JSON.stringify(schemas);
  id = `urn:agc:openapi:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  if (!ajv.getSchema(id)) ajv.addSchema({ $id: id, $defs: rewriteRefs(schemas, id) });
  componentIds.set(doc, id);
  return id;
}

/** `#/components/schemas/X` (a pointer into the document) → `<components id>#/$defs/X` (a schema Ajv holds). */
function rewriteRefs(schema: unknown, id: string): unknown {
  return JSON.parse(JSON.stringify(schema), (key, value) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/components/schemas/')
      ? `${id}#/$defs/${value.slice('#/components/schemas/'.length)}`
      : value,
  );
}

function validatorFor(doc: OpenApiDocument, key: string, schema: unknown): ValidateFunction {
  let cache = perDocument.get(doc);
  if (!cache) {
    cache = new Map();
    perDocument.set(doc, cache);
  }
  let validate = cache.get(key);
  if (validate) return validate;
  const text = JSON.stringify(rewriteRefs(schema, componentsId(doc)));
  validate = compiled.get(text);
  if (!validate) {
    validate = ajv.compile(JSON.parse(text));
    compiled.set(text, validate);
  }
  cache.set(key, validate);
  return validate;
}

export interface Answer {
  method: string;
  /** The route's URL as registered (`/api/v1/order/:order_id`); undefined when no route matched. */
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  body: unknown;
}

/** What is wrong with an answer under the document (null: nothing; answers of undocumented routes pass). */
export function contractViolation(doc: OpenApiDocument, a: Answer): string | null {
  if (a.method === 'HEAD' || a.route === undefined) return null;
  const path = a.route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
  const operation = doc.paths[path]?.[a.method.toLowerCase()];
  // Routes the document hides on purpose (the document itself, the docs page) and the web app's.
  if (!operation) return null;
  const where = `${a.method} ${path} answered ${a.status}`;
  const response = operation.responses?.[String(a.status)];
  if (!response) return `${where}, a status its operation does not declare`;
  const media = (a.contentType ?? '').split(';')[0]?.trim() ?? '';
  const declared = response.content?.[media];
  if (!declared) return `${where} as ${media || 'no media type'}, which the document does not declare for it`;
  if (declared.schema === undefined) return null;
  let value: unknown = a.body;
  if (media === 'application/json') {
    if (typeof a.body !== 'string') return `${where} with a body that is not text`;
    try {
      value = JSON.parse(a.body);
    } catch {
      return `${where} with a body that is not JSON`;
    }
  } else if (typeof a.body !== 'string') {
    value = a.body === undefined ? '' : String(a.body);
  }
  const validate = validatorFor(doc, `${a.method} ${path} ${a.status} ${media}`, declared.schema);
  if (validate(value)) return null;
  return `${where} with a body its schema refuses: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}\n${String(a.body).slice(0, 2000)}`;
}

/**
 * Builds the app as `buildApp` does, checking every answer against the document: an injected request whose answer
 * breaks the contract rejects (at the test's own call), and `close()` rejects if any answer given outside `inject`
 * (a real HTTP request) broke it.
 */
export async function buildCheckedApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  let doc: OpenApiDocument | undefined;
  /** Broken answers by their request, until the test's own inject reports one. */
  const unreported = new Map<object, string>();
  let app: App | undefined;
  const checkAnswer = (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!app) return;
    if (!doc) {
      const routes = app.printRoutes({ commonPrefix: false });
      doc = documents.get(routes) ?? (app.swagger() as unknown as OpenApiDocument);
      documents.set(routes, doc);
    }
    const contentType = reply.getHeader('content-type');
    const violation = contractViolation(doc, {
      method: req.method,
      route: req.routeOptions.url,
      status: reply.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      body: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.toString() : payload,
    });
    if (violation) unreported.set(req.raw, violation);
  };
  const built = await buildApp(ctx, { ...options, checkAnswer });
  app = built;
  const inject = built.inject.bind(built) as (o: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const close = built.close.bind(built);
  Object.assign(built, {
    inject: async (o: InjectOptions | string) => {
      const res = await inject(o);
      const violation = unreported.get(res.raw.req);
      if (violation) {
        unreported.delete(res.raw.req);
        throw new Error(`API contract: ${violation}`);
      }
      return res;
    },
    close: async () => {
      await close();
      if (unreported.size) throw new Error(`API contract: ${[...unreported.values()].join('\n')}`);
    },
  });
  return built;
}
