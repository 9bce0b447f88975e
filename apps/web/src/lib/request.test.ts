import { nonceResponse } from '@agc/shared';
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import Modal from 'antd-mobile/es/components/modal';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { i18n } from './i18n/index.ts';
import { setRouter } from './navigation.ts';
import {
  API_BASE,
  ApiError,
  CLIENT_DEFAULT_TIMEOUT,
  canRetry,
  get,
  post,
  REQUEST_TIMEOUT,
  RequestError,
  request,
} from './request.ts';

// The server is the only thing faked here: `fetch` is the remote boundary. Toast and Modal are
// observed through spies that still call the real antd-mobile functions.

type FetchArgs = [input: string, init: RequestInit];
let fetchMock: MockInstance<(...args: FetchArgs) => Promise<Response>>;
let toastSpy: MockInstance;
let alertSpy: MockInstance;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answer(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(json(body, status));
}

/** A fetch that never answers but honours its abort signal, like the real one. */
function hang() {
  fetchMock.mockImplementationOnce(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('The operation was aborted.', 'AbortError')),
        );
      }),
  );
}

const lastCall = () => {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url, init, headers: new Headers(init.headers) };
};

/** `content` is shown as the 2-second toast (once it has been). */
const expectToast = (content: string) =>
  vi.waitFor(() => expect(toastSpy).toHaveBeenCalledWith({ content, duration: 2000 }));

let router: ReturnType<typeof createMemoryRouter>;

beforeEach(async () => {
  fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();
  vi.stubGlobal('fetch', fetchMock);
  toastSpy = vi.spyOn(Toast, 'show');
  alertSpy = vi.spyOn(Modal, 'alert');
  router = createMemoryRouter([{ path: '*', element: null }], {
    initialEntries: ['/pages/shop/index?code=ABCD2345&side=left&x=1'],
  });
  setRouter(router);
  await i18n.changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  Toast.clear();
  Modal.clear();
  setRouter(null);
  useAuthStore.getState().clear();
  useWalletStore.getState().disconnect();
});

describe('request: what is sent', () => {
  it('uses base /api/v1 and the 30 s / 60 s timeouts of the spec', () => {
    expect(API_BASE).toBe('/api/v1');
    expect(REQUEST_TIMEOUT).toBe(30_000);
    expect(CLIENT_DEFAULT_TIMEOUT).toBe(60_000);
  });

  it('GET puts data in the query string and sends no body', async () => {
    answer({ code: 200, msg: 'ok', data: { a: 1 } });
    await expect(
      get('/nonce', { address: '0xabc', page: 2, empty: undefined, none: null, list: [1, 2] }),
    ).resolves.toEqual({ a: 1 });
    const { url, init } = lastCall();
    expect(url).toBe('/api/v1/nonce?address=0xabc&page=2&list=1&list=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('accepts paths with or without a leading slash', async () => {
    answer({ code: 200, msg: 'ok', data: null });
    await request({ url: 'me' });
    expect(lastCall().url).toBe('/api/v1/me');
  });

  it('non-GET sends JSON with Content-Type application/json', async () => {
    answer({ code: 200, msg: 'ok', data: { token: 't', address: '0x1' } });
    await post('/auth', { message: 'm', signature: '0x00' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v1/auth');
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'm', signature: '0x00' });
  });

  it('always sends Accept-Language with the current locale', async () => {
    answer({ code: 200, msg: 'ok', data: null });
    await get('/config');
    expect(lastCall().headers.get('Accept-Language')).toBe('en');
    i18n.addResourceBundle('ja', 'translation', {}, true, true);
    await i18n.changeLanguage('ja');
    answer({ code: 200, msg: 'ok', data: null });
    await get('/config');
    expect(lastCall().headers.get('Accept-Language')).toBe('ja');
  });

  it('sends no auth headers without a token', async () => {
    answer({ code: 200, msg: 'ok', data: null });
    await get('/config');
    expect(lastCall().headers.has('Authorization')).toBe(false);
    expect(lastCall().headers.has('X-Wallet-Address')).toBe(false);
  });

  it('sends Authorization Bearer and X-Wallet-Address when a token exists', async () => {
    useWalletStore.getState().setAccount('0x1234567890abcdef1234567890abcdef12345678');
    useAuthStore.getState().setToken('jwt-token');
    answer({ code: 200, msg: 'ok', data: null });
    await get('/me');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer jwt-token');
    expect(lastCall().headers.get('X-Wallet-Address')).toBe('0x1234567890abcdef1234567890abcdef12345678');
  });
});

describe('request: answers', () => {
  it('code 200 resolves with data, parsed with the schema when given', async () => {
    answer({
      code: 200,
      msg: 'ok',
      data: { nonce: 'abcdefgh12', expires_at: '2030-01-01T00:00:00Z', extra: 1 },
    });
    await expect(get('/nonce', undefined, { schema: nonceResponse })).resolves.toEqual({
      nonce: 'abcdefgh12',
      expires_at: '2030-01-01T00:00:00Z',
    });
    expect(toastSpy).not.toHaveBeenCalled();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('data that does not match the schema rejects with a parse error; a write toasts it, never a modal', async () => {
    answer({ code: 200, msg: 'ok', data: { nonce: 5 } });
    const error = await post('/nonce', undefined, { schema: nonceResponse }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).reason).toBe('parse');
    await vi.waitFor(() => expect(toastSpy).toHaveBeenCalledTimes(1));
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('code ≠ 200 shows msg as a 2-second toast and rejects with the code and msg', async () => {
    answer({ code: 400, msg: 'An invitation code is required for a new address', data: null }, 400);
    const error = await post('/auth', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 400,
      msg: 'An invitation code is required for a new address',
    });
    await expectToast('An invitation code is required for a new address');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('a non-200 code inside an HTTP 200 answer is an error as well', async () => {
    answer({ code: 404, msg: 'Not found', data: null }, 200);
    await expect(post('/x')).rejects.toMatchObject({ code: 404, msg: 'Not found' });
    await expectToast('Not found');
  });

  // One error surface: a read's error is shown by its query, inline; the wrapper adds nothing.
  it('a read (GET) shows no toast and no modal for any failure: 404, 5xx, no envelope, network, bad payload', async () => {
    answer({ code: 404, msg: 'Order not found', data: null }, 404);
    await expect(get('/order/1')).rejects.toMatchObject({ code: 404 });
    answer({ code: 500, msg: 'Internal error', data: null }, 500);
    await expect(get('/me')).rejects.toMatchObject({ code: 500 });
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    await expect(get('/me')).rejects.toMatchObject({ reason: 'http' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(get('/config')).rejects.toMatchObject({ reason: 'network' });
    answer({ code: 200, msg: 'ok', data: { nonce: 5 } });
    await expect(get('/nonce', undefined, { schema: nonceResponse })).rejects.toMatchObject({
      reason: 'parse',
    });
    await new Promise((r) => setTimeout(r, 30));
    expect(toastSpy).not.toHaveBeenCalled();
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('canRetry: only failures a second try may cure (no answer, 5xx, 429), not 404/403/400 or a bad payload', () => {
    expect(canRetry(new RequestError('network', 5, 'network error'))).toBe(true);
    expect(canRetry(new RequestError('timeout', 5, 'timeout'))).toBe(true);
    expect(canRetry(new RequestError('http', 502, 'http 502'))).toBe(true);
    expect(canRetry(new RequestError('http', 404, 'http 404'))).toBe(false);
    expect(canRetry(new RequestError('parse', 200, 'invalid response'))).toBe(false);
    expect(canRetry(new ApiError(500, 'Internal error', 500, null))).toBe(true);
    expect(canRetry(new ApiError(429, 'Too many requests', 429, null))).toBe(true);
    for (const code of [400, 403, 404, 409])
      expect(canRetry(new ApiError(code, 'no', code, null))).toBe(false);
  });

  it('401 clears the token and the wallet keys and replaces the page with login, keeping the invite query', async () => {
    useWalletStore.getState().setAccount('0x1234567890abcdef1234567890abcdef12345678');
    useAuthStore.getState().setToken('expired');
    expect(localStorage.getItem('address')).not.toBeNull();
    answer({ code: 401, msg: 'Please log in again', data: null }, 401);
    await expect(get('/me')).rejects.toMatchObject({ code: 401 });
    expect(useAuthStore.getState().token).toBeUndefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('address')).toBeNull();
    expect(localStorage.getItem('shortAddress')).toBeNull();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/index'));
    expect(router.state.location.search).toBe('?code=ABCD2345&side=left');
    expect(router.state.historyAction).toBe('REPLACE');
    await expectToast('Please log in again');
  });

  it('a write answered 5xx toasts msg once, like any other code: no modal', async () => {
    answer({ code: 500, msg: 'Internal error', data: null }, 500);
    await expect(post('/withdraw')).rejects.toMatchObject({
      name: 'ApiError',
      code: 500,
      msg: 'Internal error',
    });
    await expectToast('Internal error');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('a write answered by an HTTP error without our envelope toasts the system error text', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = await post('/withdraw').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RequestError', reason: 'http', code: 502 });
    await expectToast('The server is unavailable (HTTP 502). Please try again later.');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('silent calls show nothing', async () => {
    answer({ code: 400, msg: 'nope', data: null }, 400);
    await expect(post('/x', undefined, { silent: true })).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(post('/x', undefined, { silent: true })).rejects.toBeInstanceOf(RequestError);
    await new Promise((r) => setTimeout(r, 20));
    expect(toastSpy).not.toHaveBeenCalled();
    expect(alertSpy).not.toHaveBeenCalled();
  });
});

describe('request: transport failures', () => {
  it('network failure rejects with code 5; a write toasts the system error text (no modal)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await post('/withdraw').catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'RequestError',
      reason: 'network',
      code: 5,
      errMsg: 'network error',
    });
    await expectToast('Network error. Please check your connection and try again.');
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('times out after 30 s by default: "timeout", code 5', async () => {
    vi.useFakeTimers();
    hang();
    const pending = post('/withdraw').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT - 1);
    expect(fetchMock.mock.calls[0]?.[1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ name: 'RequestError', reason: 'timeout', code: 5, errMsg: 'timeout' });
    vi.useRealTimers();
    await expectToast('The request timed out. Please try again.');
  });

  it('honours a per-call timeout', async () => {
    hang();
    await expect(get('/me', undefined, { timeout: 10 })).rejects.toMatchObject({
      reason: 'timeout',
      code: 5,
    });
  });

  it('abort rejects with "abort", code 600003, quietly', async () => {
    hang();
    const controller = new AbortController();
    const pending = get('/me', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({
      name: 'RequestError',
      reason: 'abort',
      code: 600_003,
      errMsg: 'abort',
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(alertSpy).not.toHaveBeenCalled();
    expect(toastSpy).not.toHaveBeenCalled();
  });
});
