import type { Withdrawal } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import type { useClaim } from '../hooks/use-claim.ts';

/** The claim flow of a page (`useClaim`). */
export type Claim = ReturnType<typeof useClaim>;

/**
 * Claim of a Withdrawable withdrawal (`withdraw-claim`) through the page's claim flow; while its claim runs
 * the label says where it is (confirm in the wallet, confirming on chain, waiting for the server),
 * `data-phase` too. Disabled while another claim runs or the config (the vault) is not loaded (`ready`),
 * and for good (`data-revoking`) once the server said the withdrawal is being revoked.
 */
export function ClaimButton({
  withdrawal,
  claim,
  ready,
}: {
  withdrawal: Withdrawal;
  claim: Claim;
  ready: boolean;
}) {
  const { t } = useTranslation();
  const phase = claim.id === withdrawal.withdraw_id ? claim.phase : null;
  const revoking = claim.isRevoking(withdrawal.withdraw_id);
  return (
    <button
      type="button"
      className="btn btn-primary btn-block"
      data-testid="withdraw-claim"
      data-phase={phase ?? undefined}
      data-revoking={revoking || undefined}
      disabled={claim.running || !ready || revoking || phase !== null}
      aria-busy={phase !== null}
      onClick={() => void claim.claim(withdrawal)}
    >
      {phase ? t(`withdraw.claimPhase.${phase}`) : t('withdraw.claim')}
    </button>
  );
}
