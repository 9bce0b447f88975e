import type { WithdrawStatus } from '@agc/shared';
import { errorText } from '@web/lib/errors.ts';
import { useTranslation } from 'react-i18next';
import type { ClaimState } from '../hooks/use-claim.ts';

/**
 * What the last claim of this withdrawal left to say: its error, or that the chain is still catching
 * up. A claim refused because the withdrawal is being revoked keeps its message (and what happens
 * next) while the withdrawal is still Withdrawable, whatever was claimed since.
 */
export function ClaimNotice({
  claim,
  withdrawId,
  status,
}: {
  claim: ClaimState;
  withdrawId: string;
  status: WithdrawStatus;
}) {
  const { t } = useTranslation();
  if (claim.id === withdrawId && claim.phase !== null) return null;
  const revoking = claim.revoking[withdrawId];
  if (revoking !== undefined) {
    // Rejected once the chain confirmed the cancellation: the reason says it all.
    if (status !== 'Withdrawable') return null;
    return (
      <>
        <p className="error-text withdraw-claim-error" role="alert" data-testid="withdraw-claim-error">
          {errorText(revoking, t)}
        </p>
        <p className="muted small" data-testid="withdraw-claim-revoking">
          {t('withdraw.revokingHint')}
        </p>
      </>
    );
  }
  if (claim.id !== withdrawId) return null;
  if (claim.error != null)
    return (
      <p className="error-text withdraw-claim-error" role="alert" data-testid="withdraw-claim-error">
        {errorText(claim.error, t)}
      </p>
    );
  if (claim.unconfirmed)
    return (
      <p className="muted small" data-testid="withdraw-claim-pending">
        {t('withdraw.claimPending')}
      </p>
    );
  return null;
}
