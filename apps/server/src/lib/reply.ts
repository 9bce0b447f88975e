import type { FastifyRequest } from 'fastify';

/** The success envelope; `msg` is translated like every other message. */
export function ok<T>(req: FastifyRequest, data: T) {
  return { code: 200, msg: req.t('ok'), data };
}
