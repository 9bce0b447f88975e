import { z } from 'zod';

/** Every API answer: `{code, msg, data}`; code 200 is success, anything else is an error code. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });
export type Envelope<T> = { code: number; msg: string; data: T };

/** Stable error codes; the HTTP status equals the code where one exists. */
export const ErrorCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  /** Not yet: asked before the moment it becomes possible (a day settled before it is over); `data` says when. */
  tooEarly: 425,
  tooManyRequests: 429,
  internal: 500,
  unavailable: 503,
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
