/** What a log line shows instead of a query value. */
export const REDACTED = '[redacted]';

/** A parameter name as the app writes them; anything else in a name's place may be data, so it goes too. */
const PLAIN_NAME = /^[A-Za-z_][\w.-]{0,63}$/;

/**
 * The URL with every query value replaced by `[redacted]`. Query strings carry wallet addresses
 * (`/nonce?address=`), invitation codes and, from careless clients, tokens; the names stay, so a log
 * still tells which parameters a request had.
 */
export function redactQuery(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((part) => {
      const name = part.split('=', 1)[0] ?? '';
      return PLAIN_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    });
  return params.length ? `${url.slice(0, q)}?${params.join('&')}` : url.slice(0, q);
}

/**
 * The request as Fastify's "incoming request" line logs it (its own serializer logs the whole URL).
 * No header but the host: cookies, authorization, the wallet address header and user agents stay out.
 * The client's IP stays in: rate limits and abuse reports are about it.
 */
export function requestSerializer(req: { method?: string; url?: string; host?: string; ip?: string }) {
  return { method: req.method, url: redactQuery(req.url ?? ''), host: req.host, remoteAddress: req.ip };
}

/** Serializers for the pino logger the server hands Fastify. */
export const logSerializers = { req: requestSerializer };
