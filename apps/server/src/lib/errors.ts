import { ErrorCode, type ErrorCodeValue } from '@agc/shared';

/**
 * A typed, expected failure. `key` names a message in packages/shared/locales/api, translated per
 * request; `shortMessage` is the English form for logs. The error handler turns it into {code, msg, data}.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCodeValue,
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, vars?: Record<string, string | number>) =>
  new AppError(ErrorCode.badRequest, key, vars);
export const unauthorized = (key = 'auth.required', vars?: Record<string, string | number>) =>
  new AppError(ErrorCode.unauthorized, key, vars);
export const forbidden = () => new AppError(ErrorCode.forbidden, 'errors.forbidden');
export const notFound = (key = 'errors.not_found') => new AppError(ErrorCode.notFound, key);
