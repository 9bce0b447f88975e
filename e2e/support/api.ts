import type { LocalAccount } from 'viem';
import { getAddress } from 'viem';
import { createSiweMessage } from 'viem/siwe';

/**
 * Signs in straight against the API (no browser), e.g. to read the root's invitation code; with `invite`,
 * a new address signs up under that code on that side.
 */
export async function apiSession(
  baseURL: string,
  account: LocalAccount,
  invite?: { code: string; side: 'left' | 'right' },
) {
  const config = (
    await json<{ siwe: { domain: string; uri: string; statement: string }; chain_id: number }>(
      await fetch(`${baseURL}/api/v1/config`),
    )
  ).data;
  const { nonce, expires_at } = (
    await json<{ nonce: string; expires_at: string }>(
      await fetch(`${baseURL}/api/v1/nonce?address=${account.address}`),
    )
  ).data;
  // Dated by the server's clock (a spec may run a server with a test clock days ahead): the nonce
  // expires five minutes after it was issued.
  const issuedAt = new Date(Date.parse(expires_at) - 5 * 60_000);
  const message = createSiweMessage({
    issuedAt,
    domain: config.siwe.domain,
    uri: config.siwe.uri,
    statement: config.siwe.statement,
    address: getAddress(account.address),
    chainId: config.chain_id,
    nonce,
    version: '1',
  });
  const signature = await account.signMessage({ message });
  const res = await fetch(`${baseURL}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      message,
      signature,
      ...(invite && { invite_code: invite.code, side: invite.side }),
    }),
  });
  const body = await json<{ token: string }>(res);
  if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  const headers: Record<string, string> = {
    authorization: `Bearer ${body.data.token}`,
    'x-wallet-address': account.address,
  };
  const me = (
    await json<Record<string, string> & { invite_code: string }>(
      await fetch(`${baseURL}/api/v1/me`, { headers }),
    )
  ).data;
  return { token: body.data.token as string, headers, me };
}

/**
 * Calls the API as `headers` (a GET, or a POST of `body` as JSON) and answers the data of its envelope; any code but
 * 200 throws, naming the path and the answer.
 */
export async function apiData<T>(
  env: { baseURL: string },
  headers: Record<string, string>,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${env.baseURL}/api/v1/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; data: T };
  if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The API's envelope around a JSON answer, typed by what the caller reads of it (tests read few fields). */
async function json<T>(res: Response): Promise<{ code: number; msg: string; data: T }> {
  return (await res.json()) as { code: number; msg: string; data: T };
}
