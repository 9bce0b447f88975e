import type { PublicConfig } from '@agc/shared';
import { useEffect } from 'react';
import { useWithdrawal } from '../api/get-withdrawal.ts';
import { claimProgressStore, useClaimProgressStore } from '../stores/claim-progress.ts';
import { useClaim } from './use-claim.ts';

/**
 * One of the member's withdrawals with its claim: read again while it is on its way somewhere outside this
 * page (a claim sent earlier — then the page was left or reloaded — to Success; a withdrawal being revoked
 * to Rejected), and the claim sent earlier from this browser forgotten once the withdrawal shows Success.
 */
export function useWithdrawalDetail(id: string | null, config: PublicConfig | undefined) {
  const sentClaim = useClaimProgressStore((s) => (id ? s.claimProgress[id] : undefined));
  const claim = useClaim(config);
  const revoking = id !== null && claim.isRevoking(id);
  const withdrawal = useWithdrawal(id, {
    pollWhile: (w) => (revoking || (Boolean(sentClaim) && !claim.running)) && w?.status === 'Withdrawable',
  });
  const status = withdrawal.data?.status;
  useEffect(() => {
    // Claimed (seen here rather than by a running claim): nothing left to resume.
    if (id && sentClaim && status === 'Success') claimProgressStore.clear(id);
  }, [id, sentClaim, status]);

  return {
    withdrawal,
    claim,
    /** A claim sent earlier from this browser is waited for (and no other claim says anything now). */
    claimSentEarlier: Boolean(sentClaim) && !claim.running && !claim.unconfirmed && !revoking,
  };
}
