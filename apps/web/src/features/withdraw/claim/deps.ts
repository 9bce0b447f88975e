// The real dependencies of the claim runner: the server's endpoints, and the session's wallet and the
// receipt of lib/wallet/transaction.ts (the shop's payment goes the same way).
import type { PublicConfig } from '@agc/shared';
import { sessionTransactionDeps, sleep } from '@web/lib/wallet/transaction.ts';
import { getWithdrawClaim } from '../api/get-withdraw-claim.ts';
import { getWithdrawal } from '../api/get-withdrawal.ts';
import { claimProgressStore } from '../stores/claim-progress.ts';
import type { ClaimDeps } from './run-claim.ts';

export function createClaimDeps(config: PublicConfig): ClaimDeps {
  const { wallet, waitForReceipt } = sessionTransactionDeps(config);
  return {
    fetchClaim: getWithdrawClaim,
    fetchWithdrawal: getWithdrawal,
    wallet,
    chain: { waitForReceipt },
    progress: claimProgressStore,
    sleep,
    now: () => Date.now(),
  };
}
