import { ResultPage } from '@web/components/ResultPage.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { isWithdrawId, useWithdrawal } from '@web/features/withdraw/api/get-withdrawal.ts';
import { WithdrawStatusTag } from '@web/features/withdraw/components/WithdrawStatusTag.tsx';
import { formatRate } from '@web/features/withdraw/format.ts';
import { formatAsset } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/withdraw/withdraw.css';
import { paths } from '@web/lib/paths.ts';

/**
 * withdrawalSunccess (`?withdraw_id=`): the request just made — amount, fee, amount received and its
 * status (Auditing until an auditor approves it) — with links to the withdrawal list and home.
 */
export default function WithdrawalSuccessPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('withdraw_id');
  const withdrawal = useWithdrawal(id);
  const w = withdrawal.data;

  return (
    <ResultPage
      testId="withdraw-success"
      className="withdraw-success"
      title={t('withdraw.submitted')}
      listLabel={t('withdraw.orders')}
      listPath={paths.withdrawalList}
      error={withdrawal.isError && withdrawal.error}
      loading={isWithdrawId(id)}
    >
      {w && (
        <>
          <dl className="rows">
            <ValueRow label={t('withdraw.fields.amount')} testId="withdraw-success-amount">
              {formatAsset(w.amount, w.asset)}
            </ValueRow>
            <ValueRow
              label={t('withdraw.feeWithRate', { rate: formatRate(w.fee_rate) })}
              testId="withdraw-success-fee"
            >
              {formatAsset(w.service_fee, w.asset)}
            </ValueRow>
            <ValueRow label={t('withdraw.fields.received')} testId="withdraw-success-received">
              {formatAsset(w.received, w.asset)}
            </ValueRow>
            <ValueRow label={t('withdraw.fields.status')}>
              <WithdrawStatusTag status={w.status} testId="withdraw-status" />
            </ValueRow>
          </dl>
          {w.status === 'Auditing' && (
            <p className="muted small" data-testid="withdraw-success-hint">
              {t('withdraw.auditingHint')}
            </p>
          )}
        </>
      )}
    </ResultPage>
  );
}
