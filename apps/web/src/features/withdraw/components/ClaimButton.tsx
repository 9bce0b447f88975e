import type { Withdrawal } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import type { ClaimPhase } from '../claim/run-claim.ts';

/**
 * Claim of a Withdrawable withdrawal (`withdraw-claim`); while its claim runs the label says where
 * it is (confirm in the wallet, confirming on chain, waiting for the server), `data-phase` too.
 * Disabled for good (`data-revoking`) once the server said the withdrawal is being revoked.
 */
export function ClaimButton({
  withdrawal,
  phase,
  disabled,
  revoking,
  onClaim,
  block,
}: {
  withdrawal: Withdrawal;
  /** The phase of this withdrawal's claim, null when it is not running. */
  phase: ClaimPhase | null;
  /** Another claim is running. */
  disabled?: boolean;
  /** The server refused its claim: the approval is being revoked, no retry can help. */
  revoking?: boolean;
  onClaim: (withdrawal: Withdrawal) => void;
  block?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`btn btn-primary ${block ? 'btn-block' : 'btn-small'}`}
      data-testid="withdraw-claim"
      data-phase={phase ?? undefined}
      data-revoking={revoking || undefined}
      disabled={disabled || revoking || phase !== null}
      aria-busy={phase !== null}
      onClick={() => onClaim(withdrawal)}
    >
      {phase ? t(`withdraw.claimPhase.${phase}`) : t('withdraw.claim')}
    </button>
  );
}
