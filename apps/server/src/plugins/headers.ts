import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppContext } from '@server/context.ts';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** True for the JSON API and its docs: answers that are per member, or per moment, and never to be stored. */
export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const servedOverHttps = (ctx: AppContext) => new URL(ctx.config.publicOrigin).protocol === 'https:';

/**
 * The Content-Security-Policy of every answer, as directives. The built web app (Vite) has no inline
 * script, and its styles are files under /assets plus the CSSOM (`element.style`, which React,
 * antd-mobile and react-spring use and which CSP does not govern), so `style-src 'self'` holds: no
 * 'unsafe-inline'. The Swagger UI at /api/v1/docs needs one stylesheet more (see docsCsp).
 */
export function cspDirectives(ctx: AppContext): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // data: for wallet icons, which EIP-6963 wallets announce as data: URIs (and the docs page's logo).
    'img-src': ["'self'", 'data:'],
    // The browser reads the chain itself (balances, allowances, receipts) at the public RPC URL.
    'connect-src': ["'self'", new URL(ctx.chain.publicRpcUrl).origin],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only over https: on plain http (development, e2e) it would send the RPC calls to https.
    ...(servedOverHttps(ctx) ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The one inline stylesheet of the Swagger UI: its top bar's SVG logo carries a `<style>` element
 * (@fastify/swagger-ui 6.1.3, swagger-ui-standalone-preset.js). Allowed by its hash, on the docs routes
 * only, rather than 'unsafe-inline'; a new Swagger UI with another logo shows as a violation in the
 * e2e headers spec.
 */
const SWAGGER_LOGO_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/** The docs routes' policy (@fastify/swagger-ui's transformStaticCSP): the app's, plus the logo's style. */
export const docsCsp = (header: string) =>
  header.replace(/(^|;)\s*style-src ([^;]*)/, `$1style-src $2 ${SWAGGER_LOGO_STYLE}`);

/** helmet's options: the policy above, no framing, no referrer, HSTS only over https. */
function helmetOptions(ctx: AppContext): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(ctx) },
    // The app never needs to be framed: clickjacking a signing or paying screen is the risk.
    frameguard: { action: 'deny' },
    // The page URLs carry invitation codes and the app needs no Referer anywhere (the server never reads
    // it; an RPC provider's origin allow-list reads Origin, which cross-origin fetches always send).
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS over plain http would be ignored by browsers at best and pin a development host at worst.
    strictTransportSecurity: servedOverHttps(ctx) ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

/**
 * The headers helmet sets, computed once: helmet's middleware is run against a stand-in response at
 * start-up and what it set is kept. @fastify/helmet builds the whole middleware again on every request
 * (options parsed, the policy string joined), which halved this server's requests per second (measured:
 * /me 19–22 k req/s with it, 37–47 k without, same machine and run); the headers are the same either
 * way, as none depends on the request.
 */
export function securityHeaders(ctx: AppContext): Record<string, string> {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string | number) => set.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => set.delete(name.toLowerCase()),
  };
  helmet(helmetOptions(ctx))({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return Object.fromEntries(set);
}

/**
 * Security headers on every answer (API, web app, docs, errors), and `Cache-Control: no-store` on every
 * API answer: they carry a member's data, and a 404 or a 429 is only true at that moment.
 */
export const headersPlugin = fp<{ ctx: AppContext }>(async (app, { ctx }) => {
  const headers = securityHeaders(ctx);
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiPath(req.url) ? apiHeaders : headers);
    done();
  });
});
