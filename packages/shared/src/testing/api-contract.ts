import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/**
 * The API document as a contract, for tests on both sides of it: an answer (success or error) must have a status its
 * operation declares, a media type that status declares, and a body its schema accepts (OpenAPI 3.1 schemas are
 * JSON Schema 2020-12, checked by Ajv). Objects in the document have `additionalProperties: false`, so a field the
 * document does not describe is refused. The server's tests check every answer the server gives; the web app's page
 * tests check every answer their fake server gives, against the document the server generates
 * (`packages/shared/openapi.json`), so a fake cannot drift from the server. Test code only.
 */

interface MediaObject {
  schema?: unknown;
}
interface ResponseObject {
  content?: Record<string, MediaObject>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ResponseObject> }>>;
  components?: { schemas?: Record<string, unknown> };
}

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats(ajv);
/** Compiled validators by the schema's text, shared by every document of the test file. */
const compiled = new Map<string, ValidateFunction>();
/** Per document: the validator of each `METHOD path status media`. */
const perDocument = new WeakMap<object, Map<string, ValidateFunction>>();
/** The components of each document, added to Ajv once under an id of their content. */
const componentIds = new WeakMap<object, string>();

/** A short, stable digest of a text (FNV-1a, 2×32 bits): names a set of components, not a secret. */
function digest(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x811c9dc5) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

function componentsId(doc: OpenApiDocument): string {
  let id = componentIds.get(doc);
  if (id) return id;
  const schemas = doc.components?.schemas ?? {};
  id = `urn:agc:openapi:${digest(JSON.stringify(schemas))}`;
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
  /** The route's path as the document writes it (`/api/v1/order/{order_id}`); undefined when no route matched. */
  path: string | undefined;
  status: number;
  contentType: string | undefined;
  /** The body as sent: text (JSON is parsed here) or, for a non-JSON media type, anything printable. */
  body: unknown;
}

/** A route's path as the server registers it (`/order/:order_id`) → as the document writes it (`/order/{order_id}`). */
export const documentPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** What is wrong with an answer under the document (null: nothing; answers of undocumented routes pass). */
export function contractViolation(doc: OpenApiDocument, a: Answer): string | null {
  if (a.method === 'HEAD' || a.path === undefined) return null;
  const operation = doc.paths[a.path]?.[a.method.toLowerCase()];
  // Routes the document hides on purpose (the document itself, the docs page) and the web app's.
  if (!operation) return null;
  const where = `${a.method} ${a.path} answered ${a.status}`;
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
  const validate = validatorFor(doc, `${a.method} ${a.path} ${a.status} ${media}`, declared.schema);
  if (validate(value)) return null;
  return `${where} with a body its schema refuses: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}\n${String(a.body).slice(0, 2000)}`;
}

/**
 * The document's path of a concrete request path (`/api/v1/order/12` → `/api/v1/order/{order_id}`), or undefined
 * when the document has no operation of that method there. A literal segment wins over a parameter
 * (`/funds/orders/pending` before `/funds/orders/{id}`), as the server's router does.
 */
export function matchPath(doc: OpenApiDocument, method: string, pathname: string): string | undefined {
  const m = method.toLowerCase();
  if (doc.paths[pathname]?.[m]) return pathname;
  const parts = pathname.split('/');
  let best: { path: string; params: number } | undefined;
  for (const [path, operations] of Object.entries(doc.paths)) {
    if (!operations[m]) continue;
    const segments = path.split('/');
    if (segments.length !== parts.length) continue;
    let params = 0;
    let same = true;
    for (let i = 0; i < segments.length && same; i++) {
      const s = segments[i] ?? '';
      if (s.startsWith('{') && s.endsWith('}')) {
        params++;
        same = (parts[i] ?? '') !== '';
      } else same = s === parts[i];
    }
    if (same && (!best || params < best.params)) best = { path, params };
  }
  return best?.path;
}
