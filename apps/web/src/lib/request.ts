// The request wrapper of the spec (sections 7 and 8). Every call to apps/server goes through here.
//
// Rules:
// - base /api/v1, timeout 30 s; GET sends `data` as the query string, other methods as JSON;
// - Accept-Language always; Authorization + X-Wallet-Address when a token exists;
// - `{code, msg, data}` with code 200 → data (parsed with the zod schema when one is given);
// - code 401 → toast msg, clear the session, go to login (replace);
// - one error surface (see apps/web/README.md): a read (GET) never shows its error itself, the
//   query that asked shows it inline where the data would be; a write (POST, ...) shows its error as one
//   2 s toast (the server's msg, or the system text when no answer came: timeout, network failure, code 5)
//   unless the caller shows it itself (`silent`: a form's own message). Never a modal: offline, every
//   failed call would stack one more. Abort (600003) rejects quietly since the caller asked for it.

import { isLoggedIn, useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import type { z } from 'zod';
import { AppError } from './errors.ts';
import { currentLocale, t } from './i18n/index.ts';
import { goToLogin } from './navigation.ts';
import { clearSession } from './session.ts';
import { REQUEST_TOAST_DURATION, toast } from './ui.ts';

export const API_BASE = '/api/v1';
/** Timeout of API requests. */
export const REQUEST_TIMEOUT = 30_000;
/** The client's default for other transfers (connect, upload, download). */
export const CLIENT_DEFAULT_TIMEOUT = 60_000;

/** Codes of failures that never reached the server's answer. */
export const TransportErrorCode = {
  timeout: 5,
  network: 5,
  abort: 600_003,
  /** download/upload network failure */
  transfer: 602_001,
} as const;

/** The server answered with a code other than 200; `msg` is already translated by the server. */
export class ApiError extends AppError {
  override name = 'ApiError';
  readonly code: number;
  readonly msg: string;
  readonly status: number;
  readonly data: unknown;

  constructor(code: number, msg: string, status: number, data: unknown) {
    super(`API error ${code}: ${msg}`, { i18nKey: 'request.failed', displayText: msg });
    this.code = code;
    this.msg = msg;
    this.status = status;
    this.data = data;
  }
}

/** The server refused because this member may not do it (403: an admin page opened without the role, say). */
export const isForbidden = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 403 || error.status === 403);

/** The server cannot answer this now (503): a service it needs is down, or prices are paused. */
export const isUnavailable = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 503 || error.status === 503);
/** The server has no such thing for this member (404: nothing published yet, an id of another's, ...). */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.code === 404 || error.status === 404);

export type TransportReason = 'timeout' | 'abort' | 'network' | 'http' | 'parse';

/** No usable answer: timeout, abort, network failure, an HTTP error without envelope, or a bad payload. */
export class RequestError extends AppError {
  override name = 'RequestError';
  readonly code: number;
  readonly reason: TransportReason;
  /** The short system text of the spec ('timeout', 'abort', 'network error', ...). */
  readonly errMsg: string;

  constructor(
    reason: TransportReason,
    code: number,
    errMsg: string,
    options: { cause?: unknown; status?: number } = {},
  ) {
    const i18nKey = {
      timeout: 'request.timeout',
      abort: 'request.abort',
      network: 'request.network',
      http: 'request.http',
      parse: 'request.badResponse',
    }[reason];
    super(`request failed: ${errMsg}`, {
      cause: options.cause,
      i18nKey,
      values: { status: options.status ?? code },
    });
    this.code = code;
    this.reason = reason;
    this.errMsg = errMsg;
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | bigint | null | undefined;

export interface RequestOptions<S extends z.ZodType | undefined = undefined> {
  /** Path under /api/v1, e.g. '/me' or 'me'. */
  url: string;
  method?: HttpMethod;
  /** GET: query parameters; other methods: the JSON body. */
  data?: unknown;
  /** zod schema of `data` in the answer. */
  schema?: S;
  timeout?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A write's error is not toasted: the caller shows it itself (a form's message). Reads are always
   * silent: their query shows the error inline. 401 still ends the session.
   */
  silent?: boolean;
}

type Result<S> = S extends z.ZodType ? z.output<S> : unknown;

export function buildUrl(url: string, query?: unknown): string {
  const path = `${API_BASE}/${url.replace(/^\/+/, '')}`;
  if (!query || typeof query !== 'object') return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue | QueryValue[]>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The session's headers (Authorization, X-Wallet-Address) when logged in: also for downloads outside `request`. */
export function authHeaders(): Record<string, string> {
  const token = useAuthStore.getState().token;
  if (!isLoggedIn(token)) return {};
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  const address = useWalletStore.getState().address;
  if (address) headers['X-Wallet-Address'] = address;
  return headers;
}

function isEnvelope(body: unknown): body is { code: number; msg?: unknown; data?: unknown } {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

/**
 * Whether asking again can help: no answer (network, timeout), a 5xx or a rate limit. A 4xx answer
 * (not found, forbidden, invalid input) or a malformed payload is the same the next time. Failures from
 * elsewhere (a wallet's RPC, say) may pass: they keep their retry.
 */
export function canRetry(error: unknown): boolean {
  if (error instanceof ApiError) return error.code >= 500 || error.code === 429 || error.status >= 500;
  if (error instanceof RequestError) {
    if (error.reason === 'network' || error.reason === 'timeout') return true;
    return error.reason === 'http' && (error.code >= 500 || error.code === 429 || error.code === 0);
  }
  return true;
}

/** Writes report their failure once, as a toast; reads never (their query shows it inline). */
function reportTransport(error: RequestError, quiet: boolean): void {
  if (quiet || error.reason === 'abort') return;
  void toast(t(error.i18nKey, error.values), REQUEST_TOAST_DURATION);
}

function handleUnauthorized(): void {
  clearSession();
  void goToLogin();
}

export async function request<S extends z.ZodType | undefined = undefined>(
  options: RequestOptions<S>,
): Promise<Result<S>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLocale(),
    ...authHeaders(),
    ...options.headers,
  };
  let body: string | undefined;
  if (method !== 'GET') {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.data ?? {});
  }
  const url = method === 'GET' ? buildUrl(options.url, options.data) : buildUrl(options.url);
  const quiet = options.silent === true || method === 'GET';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT);
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) controller.abort();

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { method, headers, body, signal: controller.signal });
    text = await response.text();
  } catch (cause) {
    const error = timedOut
      ? new RequestError('timeout', TransportErrorCode.timeout, 'timeout', { cause })
      : controller.signal.aborted
        ? new RequestError('abort', TransportErrorCode.abort, 'abort', { cause })
        : new RequestError('network', TransportErrorCode.network, 'network error', { cause });
    reportTransport(error, quiet);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }

  if (!isEnvelope(parsed)) {
    if (response.status === 401) {
      // A 401 without our envelope (a proxy, say) still means the session is over.
      if (!options.silent) void toast(t('message.resLogin'), REQUEST_TOAST_DURATION);
      handleUnauthorized();
      throw new ApiError(401, t('message.resLogin'), 401, undefined);
    }
    const error = response.ok
      ? new RequestError('parse', response.status, 'invalid response', { status: response.status })
      : new RequestError('http', response.status, `http ${response.status}`, { status: response.status });
    reportTransport(error, quiet);
    throw error;
  }

  const { code, data } = parsed;
  const msg = typeof parsed.msg === 'string' && parsed.msg ? parsed.msg : t('request.failed');
  if (code !== 200) {
    const error = new ApiError(code, msg, response.status, data);
    if (code === 401) {
      if (!options.silent) void toast(msg, REQUEST_TOAST_DURATION);
      handleUnauthorized();
    } else if (!quiet) {
      void toast(msg, REQUEST_TOAST_DURATION);
    }
    throw error;
  }

  if (!options.schema) return data as Result<S>;
  const result = options.schema.safeParse(data);
  if (!result.success) {
    const error = new RequestError('parse', 200, 'invalid response', {
      cause: result.error,
      status: response.status,
    });
    reportTransport(error, quiet);
    throw error;
  }
  return result.data as Result<S>;
}

export const get = <S extends z.ZodType | undefined = undefined>(
  url: string,
  data?: unknown,
  options: Omit<RequestOptions<S>, 'url' | 'data' | 'method'> = {},
) => request<S>({ ...options, url, data, method: 'GET' });

export const post = <S extends z.ZodType | undefined = undefined>(
  url: string,
  data?: unknown,
  options: Omit<RequestOptions<S>, 'url' | 'data' | 'method'> = {},
) => request<S>({ ...options, url, data, method: 'POST' });
