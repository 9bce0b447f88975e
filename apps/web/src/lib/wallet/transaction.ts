// Sending a transaction the server built: the wallet signs and broadcasts it (eth_sendTransaction).
import { toWalletError, WalletError } from './errors.ts';
import type { EIP1193Provider } from './types.ts';

export interface UnsignedTx {
  from: string;
  to: string;
  data: string;
  value: string;
}

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

/** eth_sendTransaction with exactly the given from/to/data/value; resolves the transaction hash. */
export async function sendTransaction(provider: EIP1193Provider, tx: UnsignedTx): Promise<`0x${string}`> {
  let result: unknown;
  try {
    result = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: tx.from, to: tx.to, data: tx.data, value: tx.value }],
    });
  } catch (error) {
    throw toWalletError(error);
  }
  if (typeof result !== 'string' || !HASH_RE.test(result))
    throw new WalletError('The wallet returned no transaction hash');
  return result as `0x${string}`;
}
