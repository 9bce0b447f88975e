// Sending a transaction the server built from the member's wallet, and waiting for it: the wallet signs
// and broadcasts it (eth_sendTransaction), the receipt is read on config.rpc_url. The shop's payment
// and the withdrawal's claim both go this way; each adds its own checks and steps around it.
import type { PublicConfig } from '@agc/shared';
import { useWalletStore } from '@web/stores/wallet.ts';
import type { PublicClient } from 'viem';
import { requestAccount } from './account.ts';
import { ensureChain } from './chain.ts';
import { toWalletError, WalletError, WalletNotFoundError } from './errors.ts';
import { publicClientFor, readAllowance, waitForReceipt } from './rpc.ts';
import { sessionWallet } from './session.ts';
import type { EIP1193Provider } from './types.ts';

type Hash = `0x${string}`;

export interface UnsignedTx {
  from: string;
  to: string;
  data: string;
  value: string;
}

const HASH_RE = /^0x[0-9a-fA-F]{64}$/;

/** eth_sendTransaction with exactly the given from/to/data/value; resolves the transaction hash. */
export async function sendTransaction(provider: EIP1193Provider, tx: UnsignedTx): Promise<Hash> {
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
  return result as Hash;
}

/** The wallet side of such a flow (tests pass a fake one). */
export interface TransactionWallet<Tx extends UnsignedTx = UnsignedTx> {
  /** The wallet's account (asking the wallet for access when needed). */
  account(): Promise<string>;
  /** Makes sure the wallet is on Arbitrum One (42161). */
  ensureChain(): Promise<void>;
  /** eth_sendTransaction; resolves the hash. */
  sendTransaction(tx: Tx): Promise<Hash>;
}

/** Waits for a transaction's receipt, read on config.rpc_url. */
export type ReceiptWaiter = (hash: Hash) => Promise<'success' | 'reverted'>;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wallet the member signed in with (found again by its rdns after a reload). */
async function walletProvider(): Promise<EIP1193Provider> {
  const wallet = await sessionWallet(useWalletStore.getState().walletRdns);
  if (!wallet) throw new WalletNotFoundError();
  return wallet.provider;
}

/**
 * The real wallet and chain of a flow: the session's wallet (looked up once, again after a failed
 * lookup), its chain switched to Arbitrum One before sending, and a viem public client on
 * config.rpc_url for the receipt (and any other read the flow needs).
 */
export function sessionTransactionDeps(config: PublicConfig): {
  wallet: TransactionWallet;
  waitForReceipt: ReceiptWaiter;
  client: PublicClient;
} {
  const client = publicClientFor(config.rpc_url);
  let provider: Promise<EIP1193Provider> | null = null;
  const wallet = () => {
    provider ??= walletProvider().catch((error: unknown) => {
      provider = null;
      throw error;
    });
    return provider;
  };
  return {
    wallet: {
      account: async () => requestAccount(await wallet()),
      ensureChain: async () => {
        await ensureChain(await wallet(), config);
      },
      sendTransaction: async (tx) => sendTransaction(await wallet(), tx),
    },
    waitForReceipt: (hash) => waitForReceipt(client, hash),
    client,
  };
}

/**
 * What a step payment (step-payment.ts) needs of the session's wallet and the chain: the wallet, the ERC-20
 * allowance its approvals check, the receipt of each step, and the pause between steps. The shop's order and the
 * fund subscription add their own endpoints and progress.
 */
export function sessionStepPaymentDeps(config: PublicConfig) {
  const { wallet, waitForReceipt, client } = sessionTransactionDeps(config);
  return {
    wallet,
    chain: {
      allowance: (token: string, owner: string, spender: string) =>
        readAllowance(client, token as `0x${string}`, owner as `0x${string}`, spender as `0x${string}`),
      waitForReceipt,
    },
    sleep,
    now: () => Date.now(),
  };
}
