import documentText from '@agc/shared/generated/openapi.json?raw';
import { contractViolation, matchPath, type OpenApiDocument } from '@agc/shared/testing/api-contract';

/**
 * The page tests' fake server held to the server's API document (`packages/shared/generated/openapi.json`, which a
 * server test keeps equal to what the server generates): every answer a fake gives must be one the server could give
 * for that operation (a declared status, a body its schema accepts, no field it does not describe), and a fake
 * may only stand for an operation the server has. A fake that drifts from the server fails its test.
 */
let document: OpenApiDocument | undefined;
const loadDocument = (): OpenApiDocument => {
  document ??= JSON.parse(documentText) as OpenApiDocument;
  return document;
};

const violations: string[] = [];

/** Checks one fake answer; what is wrong is kept for `takeContractViolations`. */
export function checkFakeAnswer(method: string, pathname: string, status: number, body: unknown): void {
  try {
    check(method, pathname, status, body);
  } catch (e) {
    violations.push(`checking the fake of ${method} ${pathname} failed: ${String(e)}`);
  }
}

/**
 * What a gateway in front of the server answers for any request (a proxy or load balancer with the server down or
 * slow): the app must cope with them on every screen, so a fake may give them where the server itself never would.
 */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

function check(method: string, pathname: string, status: number, body: unknown): void {
  const doc = loadDocument();
  const path = matchPath(doc, method, pathname);
  if (path === undefined) {
    violations.push(`a fake answers ${method} ${pathname}, an operation the API does not have`);
    return;
  }
  if (GATEWAY_STATUSES.has(status) && !doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)])
    return;
  const violation = contractViolation(doc, {
    method,
    path,
    status,
    contentType: 'application/json',
    body: JSON.stringify(body),
  });
  if (violation) violations.push(`${violation} (fake of ${method} ${pathname})`);
}

/** The violations since the last call (the test setup fails a test that has any). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}
