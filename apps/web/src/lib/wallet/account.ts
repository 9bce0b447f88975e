// Account and signature requests, with wallet errors mapped to typed errors.
import { getAddress, stringToHex } from 'viem';
import { toWalletError, WalletUnauthorizedError } from './errors.ts';
import type { EIP1193Provider } from './types.ts';

function firstAccount(result: unknown): `0x${string}` | undefined {
  const first = Array.isArray(result) ? result[0] : undefined;
  if (typeof first !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(first)) return undefined;
  return getAddress(first);
}

/** eth_requestAccounts: the wallet's current account, checksummed. */
export async function requestAccount(provider: EIP1193Provider): Promise<`0x${string}`> {
  let result: unknown;
  try {
    result = await provider.request({ method: 'eth_requestAccounts' });
  } catch (error) {
    throw toWalletError(error);
  }
  const account = firstAccount(result);
  if (!account) throw new WalletUnauthorizedError();
  return account;
}

/** personal_sign of a UTF-8 message (sent hex-encoded, as EIP-1193 wallets expect). */
export async function personalSign(
  provider: EIP1193Provider,
  message: string,
  address: string,
): Promise<`0x${string}`> {
  try {
    const signature = await provider.request({
      method: 'personal_sign',
      params: [stringToHex(message), address],
    });
    if (typeof signature !== 'string' || !signature.startsWith('0x'))
      throw new Error('The wallet returned no signature');
    return signature as `0x${string}`;
  } catch (error) {
    throw toWalletError(error);
  }
}
