import { ErrorCode, inputMessages } from '@agc/shared';
import { defined } from '@agc/shared/defined';
import { AppError } from '@server/lib/errors.ts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

const REASONS: Record<string, string> = {
  invalid_type: 'validation.invalid',
  too_small: 'validation.too_small',
  too_big: 'validation.too_big',
};
/** Reasons a schema names itself (packages/shared api/input.ts): how an integer or an amount must be written. */
const OWN_REASONS = new Set([
  'validation.integer',
  'validation.amount',
  'validation.too_small',
  'validation.too_big',
]);

function send(reply: FastifyReply, code: number, msg: string, data: unknown = null) {
  return reply.status(code).send({ code, msg, data });
}

/** Names the first bad field: "Invalid address: this field is required". */
function validationMessage(req: FastifyRequest, err: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(err)) return req.t('validation.invalid');
  const first = defined(err.validation[0]);
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = path || (err.validationContext ?? 'body');
  const params = first.params as { code?: string };
  // zod 4 issues do not carry the input: look the value up where validation failed.
  const source = { body: req.body, querystring: req.query, params: req.params, headers: req.headers }[
    err.validationContext ?? 'body'
  ];
  const value = path
    .split('.')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined),
      source,
    );
  const missing = value === undefined || value === '';
  // A form's own words (packages/shared api/input.ts: 'Please enter a valid amount'), whole.
  if (!missing && inputMessages.has(first.message ?? '')) return req.t(first.message as string);
  const reason = missing
    ? 'validation.required'
    : OWN_REASONS.has(first.message ?? '')
      ? (first.message as string)
      : (REASONS[params.code ?? ''] ?? 'validation.invalid');
  return req.t('validation.field', { field, reason: req.t(reason) });
}

/** One error handler: every failure becomes {code, msg, data} with a translated msg; internals stay in the log. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const thrown: unknown = err;
    if (thrown instanceof AppError)
      return send(reply, thrown.code, req.t(thrown.key, thrown.vars), thrown.data);
    if (err.validation) return send(reply, ErrorCode.badRequest, validationMessage(req, err));
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, ErrorCode.badRequest, req.t('validation.bad_json'));
    }
    if (err.statusCode === 429) {
      const seconds = Number(reply.getHeader('retry-after') ?? 60);
      return send(reply, ErrorCode.tooManyRequests, req.t('errors.rate_limited', { seconds }));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return send(reply, err.statusCode, req.t('validation.invalid'));
    }
    req.log.error({ err }, 'unhandled error');
    return send(reply, ErrorCode.internal, req.t('errors.internal'));
  });
  app.setNotFoundHandler((req, reply) =>
    send(
      reply,
      ErrorCode.notFound,
      req.t('errors.route_not_found', { method: req.method, url: req.url.split('?')[0] ?? '' }),
    ),
  );
});
