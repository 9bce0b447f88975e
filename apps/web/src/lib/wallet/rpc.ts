// Reads from the chain go to the RPC of /api/v1/config (config.rpc_url), never through the member's
// wallet: a wallet on the wrong network, or a locked one, must not change what the app reads.
import {
  createPublicClient,
  defineChain,
  erc20Abi,
  type Hash,
  http,
  type PublicClient,
  WaitForTransactionReceiptTimeoutError,
} from 'viem';
import { ARBITRUM_ONE } from './chain.ts';
import { WalletError } from './errors.ts';

/** Arbitrum One with the configured RPC. */
export function arbitrumChain(rpcUrl: string) {
  return defineChain({
    id: ARBITRUM_ONE.id,
    name: ARBITRUM_ONE.name,
    nativeCurrency: ARBITRUM_ONE.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

/** How often to ask the RPC for a receipt. */
export const RECEIPT_POLL_MS = 1_000;

const clients = new Map<string, PublicClient>();

/** One public client per RPC url. */
export function publicClientFor(rpcUrl: string): PublicClient {
  let client = clients.get(rpcUrl);
  if (!client) {
    // Arbitrum mines several blocks a second: viem's 4 s default would add seconds to every payment step.
    client = createPublicClient({
      chain: arbitrumChain(rpcUrl),
      transport: http(rpcUrl),
      pollingInterval: RECEIPT_POLL_MS,
    }) as PublicClient;
    clients.set(rpcUrl, client);
  }
  return client;
}

/** ERC-20 allowance(owner, spender) of `token`, in the token's minor units. */
export function readAllowance(
  client: PublicClient,
  token: `0x${string}`,
  owner: `0x${string}`,
  spender: `0x${string}`,
): Promise<bigint> {
  return client.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  });
}

/** How long to wait for a receipt before giving up (Arbitrum mines in well under a second). */
export const RECEIPT_TIMEOUT_MS = 180_000;

/** A transaction that was sent but has no receipt yet after RECEIPT_TIMEOUT_MS. */
export class ReceiptTimeoutError extends WalletError {
  override name = 'ReceiptTimeoutError';
  readonly hash: Hash;
  constructor(hash: Hash, cause?: unknown) {
    super('The transaction is not confirmed yet', { cause, i18nKey: 'wallet.errors.receiptTimeout' });
    this.hash = hash;
  }
}

/** Waits until the transaction is mined; 'success' or 'reverted'. */
export async function waitForReceipt(
  client: PublicClient,
  hash: Hash,
  timeout: number = RECEIPT_TIMEOUT_MS,
): Promise<'success' | 'reverted'> {
  try {
    const receipt = await client.waitForTransactionReceipt({ hash, timeout });
    return receipt.status;
  } catch (error) {
    if (error instanceof WaitForTransactionReceiptTimeoutError) throw new ReceiptTimeoutError(hash, error);
    throw error;
  }
}
