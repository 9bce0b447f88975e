import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '../../../components/LoadState.tsx';
import { usePublicConfig } from '../../../features/config/api/get-config.ts';
import { isWithdrawId, useWithdrawal } from '../../../features/withdraw/api/get-withdrawal.ts';
import { ClaimButton } from '../../../features/withdraw/components/ClaimButton.tsx';
import { ClaimNotice } from '../../../features/withdraw/components/ClaimNotice.tsx';
import { WithdrawFields } from '../../../features/withdraw/components/WithdrawFields.tsx';
import { useClaim } from '../../../features/withdraw/hooks/use-claim.ts';
import {
  claimProgressStore,
  useClaimProgressStore,
} from '../../../features/withdraw/stores/claim-progress.ts';
import { ApiError } from '../../../lib/request.ts';
import '../../../features/withdraw/withdraw.css';

/**
 * withdrawalOrderDetail (`?withdraw_id=`): every field of the withdrawal — id, asset, amount, service
 * fee and rate, amount received, address, status, reject reason, created, audited, voucher deadline,
 * claim transaction (explorer link), claimed — and Claim while it is Withdrawable (disabled, and the
 * withdrawal read again until it is Rejected, once the server says it is being revoked). A malformed id
 * or one the server does not know for this member is "not found".
 */
export default function WithdrawalDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('withdraw_id');
  const sentClaim = useClaimProgressStore((s) => (id ? s.claimProgress[id] : undefined));
  const config = usePublicConfig();
  const claim = useClaim(config.data);
  const revoking = id !== null && claim.isRevoking(id);
  const withdrawal = useWithdrawal(id, {
    // a claim sent earlier (then this page was left or reloaded) is on its way to Success; a
    // withdrawal being revoked is on its way to Rejected
    pollWhile: (w) => (revoking || (Boolean(sentClaim) && !claim.running)) && w?.status === 'Withdrawable',
  });
  const status = withdrawal.data?.status;
  useEffect(() => {
    // Claimed (seen here rather than by a running claim): nothing left to resume.
    if (id && sentClaim && status === 'Success') claimProgressStore.clear(id);
  }, [id, sentClaim, status]);

  const notFound = (
    <div data-testid="withdraw-not-found">
      <EmptyState description={t('withdraw.notFound')} />
    </div>
  );
  if (!isWithdrawId(id)) return notFound;
  if (withdrawal.isPending) return <LoadingState testId="withdraw-loading" />;
  if (withdrawal.isError) {
    if (withdrawal.error instanceof ApiError && withdrawal.error.code === 404) return notFound;
    return (
      <LoadFailed
        testId="withdraw-error"
        error={withdrawal.error}
        onRetry={() => void withdrawal.refetch()}
      />
    );
  }

  const w = withdrawal.data;
  return (
    <div className="page withdraw-detail" data-testid="withdraw-detail">
      <section className="card">
        <WithdrawFields withdrawal={w} />
      </section>
      {w.status === 'Auditing' && (
        <p className="notice card small" data-testid="withdraw-auditing-hint">
          {t('withdraw.auditingHint')}
        </p>
      )}
      {w.status === 'Withdrawable' && (
        <div className="actions">
          <ClaimButton
            withdrawal={w}
            phase={claim.id === w.withdraw_id ? claim.phase : null}
            disabled={claim.running || !config.data}
            revoking={revoking}
            onClaim={(target) => void claim.claim(target)}
            block
          />
          {sentClaim && !claim.running && !claim.unconfirmed && !revoking && (
            <p className="muted small" data-testid="withdraw-claim-sent">
              {t('withdraw.claimSent')}
            </p>
          )}
        </div>
      )}
      <ClaimNotice claim={claim} withdrawId={w.withdraw_id} status={w.status} />
    </div>
  );
}
