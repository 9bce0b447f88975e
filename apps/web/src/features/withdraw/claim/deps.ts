// The real dependencies of the claim runner: the server's endpoints, the session's wallet (EIP-1193,
// found the way the shop's payment finds it) and a viem public client on config.rpc_url.
import type { PublicConfig } from '@agc/shared';
import { requestAccount } from '../../../lib/wallet/account.ts';
import { ensureChain } from '../../../lib/wallet/chain.ts';
import { WalletNotFoundError } from '../../../lib/wallet/errors.ts';
import { publicClientFor, waitForReceipt } from '../../../lib/wallet/rpc.ts';
import { sessionWallet } from '../../../lib/wallet/session.ts';
import { sendTransaction } from '../../../lib/wallet/transaction.ts';
import type { EIP1193Provider } from '../../../lib/wallet/types.ts';
import { useWalletStore } from '../../../stores/wallet.ts';
import { getWithdrawClaim } from '../api/get-withdraw-claim.ts';
import { getWithdrawal } from '../api/get-withdrawal.ts';
import { claimProgressStore } from '../stores/claim-progress.ts';
import type { ClaimDeps } from './run-claim.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wallet the member signed in with (found again by its rdns after a reload). */
async function walletProvider(): Promise<EIP1193Provider> {
  const wallet = await sessionWallet(useWalletStore.getState().walletRdns);
  if (!wallet) throw new WalletNotFoundError();
  return wallet.provider;
}

export function createClaimDeps(config: PublicConfig): ClaimDeps {
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
    fetchClaim: getWithdrawClaim,
    fetchWithdrawal: getWithdrawal,
    wallet: {
      account: async () => requestAccount(await wallet()),
      ensureChain: async () => {
        await ensureChain(await wallet(), config);
      },
      sendTransaction: async (tx) => sendTransaction(await wallet(), tx),
    },
    chain: { waitForReceipt: (hash) => waitForReceipt(client, hash) },
    progress: claimProgressStore,
    sleep,
    now: () => Date.now(),
  };
}
