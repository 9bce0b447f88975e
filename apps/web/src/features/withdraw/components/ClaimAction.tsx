import type { Withdrawal } from '@agc/shared';
import { type Claim, ClaimButton } from './ClaimButton.tsx';
import { ClaimNotice } from './ClaimNotice.tsx';

/** Under a withdrawal of the list: Claim while it is Withdrawable, and what its last claim left to say. */
export function ClaimAction({
  withdrawal: w,
  claim,
  ready,
}: {
  withdrawal: Withdrawal;
  claim: Claim;
  ready: boolean;
}) {
  if (w.status !== 'Withdrawable' && claim.id !== w.withdraw_id) return null;
  return (
    <>
      {w.status === 'Withdrawable' && <ClaimButton withdrawal={w} claim={claim} ready={ready} />}
      <ClaimNotice claim={claim} withdrawId={w.withdraw_id} status={w.status} />
    </>
  );
}
