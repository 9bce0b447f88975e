import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import type { ClaimState } from '../hooks/use-claim.ts';

/** What the last claim of this withdrawal left to say: its error, or that the chain is still catching up. */
export function ClaimNotice({ claim, withdrawId }: { claim: ClaimState; withdrawId: string }) {
  const { t } = useTranslation();
  if (claim.id !== withdrawId || claim.phase !== null) return null;
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
