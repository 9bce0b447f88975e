import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { isWithdrawId } from '@web/features/withdraw/api/get-withdrawal.ts';
import { ClaimButton } from '@web/features/withdraw/components/ClaimButton.tsx';
import { ClaimNotice } from '@web/features/withdraw/components/ClaimNotice.tsx';
import { WithdrawFields } from '@web/features/withdraw/components/WithdrawFields.tsx';
import { useWithdrawalDetail } from '@web/features/withdraw/hooks/use-withdrawal-detail.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/withdraw/withdraw.css';

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
  const config = usePublicConfig();
  const { withdrawal, claim, claimSentEarlier } = useWithdrawalDetail(id, config.data);

  return (
    <DetailLoad
      query={withdrawal}
      validId={isWithdrawId(id)}
      testIdPrefix="withdraw"
      notFoundText={t('withdraw.notFound')}
    >
      {(w) => (
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
              <ClaimButton withdrawal={w} claim={claim} ready={Boolean(config.data)} />
              {claimSentEarlier && (
                <p className="muted small" data-testid="withdraw-claim-sent">
                  {t('withdraw.claimSent')}
                </p>
              )}
            </div>
          )}
          <ClaimNotice claim={claim} withdrawId={w.withdraw_id} status={w.status} />
        </div>
      )}
    </DetailLoad>
  );
}
