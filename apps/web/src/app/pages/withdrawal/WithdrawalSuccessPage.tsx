import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isWithdrawId, useWithdrawal } from '../../../features/withdraw/api/get-withdrawal.ts';
import { WithdrawStatusTag } from '../../../features/withdraw/components/WithdrawStatusTag.tsx';
import { formatAsset, formatRate } from '../../../features/withdraw/format.ts';
import { errorText } from '../../../lib/errors.ts';
import { navigateTo, switchTab } from '../../../lib/navigation.ts';
import { HOME_PATH } from '../../../lib/routeTable.ts';
import '../../../features/withdraw/withdraw.css';

const ignore = () => undefined;

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
    <div className="page withdraw-success" data-testid="withdraw-success">
      <section className="card result">
        <svg width="64" height="64" viewBox="0 0 64 64" fill="none" aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill="#00b578" />
          <path
            d="m19 33 9 9 17-19"
            stroke="#ffffff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h2>{t('withdraw.submitted')}</h2>
        {w ? (
          <>
            <dl className="rows">
              <div className="row">
                <dt>{t('withdraw.fields.amount')}</dt>
                <dd data-testid="withdraw-success-amount">{formatAsset(w.amount, w.asset)}</dd>
              </div>
              <div className="row">
                <dt>{t('withdraw.feeWithRate', { rate: formatRate(w.fee_rate) })}</dt>
                <dd data-testid="withdraw-success-fee">{formatAsset(w.service_fee, w.asset)}</dd>
              </div>
              <div className="row">
                <dt>{t('withdraw.fields.received')}</dt>
                <dd data-testid="withdraw-success-received">{formatAsset(w.received, w.asset)}</dd>
              </div>
              <div className="row">
                <dt>{t('withdraw.fields.status')}</dt>
                <dd>
                  <WithdrawStatusTag status={w.status} testId="withdraw-status" />
                </dd>
              </div>
            </dl>
            {w.status === 'Auditing' && (
              <p className="muted small" data-testid="withdraw-success-hint">
                {t('withdraw.auditingHint')}
              </p>
            )}
          </>
        ) : withdrawal.isError ? (
          <p className="error-text">{errorText(withdrawal.error, t)}</p>
        ) : isWithdrawId(id) ? (
          <p className="muted">{t('common.loading')}</p>
        ) : null}
      </section>
      <button
        type="button"
        className="btn btn-primary btn-block"
        data-testid="withdraw-success-orders"
        onClick={() => void navigateTo('/pages/withdrawal/list').catch(ignore)}
      >
        {t('withdraw.orders')}
      </button>
      <button
        type="button"
        className="btn btn-link btn-block"
        data-testid="withdraw-success-home"
        onClick={() => void switchTab(HOME_PATH).catch(ignore)}
      >
        {t('error.goHome')}
      </button>
    </div>
  );
}
