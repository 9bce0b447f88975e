import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { PageLink } from '@web/components/PageLink.tsx';
import { FundPayResult } from '@web/features/funds/components/FundPayResult.tsx';
import { useFundPaidOrder } from '@web/features/funds/hooks/use-fund-paid-order.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ContinuePayment } from './continue-payment.tsx';

/**
 * Where a subscription's payment lands (`?id=`): what happened and what comes next, like the shop's pay result
 * ("Payment received — units are assigned at the NAV of 2026-11-28"), followed while the chain confirms it; then
 * the holdings, the order, or home. Unpaid offers to continue the payment.
 */
export default function FoundPayResultPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id');
  const validId = Boolean(id && /^\d+$/.test(id));
  const order = useFundPaidOrder(validId ? id : null);
  return (
    <div className="page fund-pay-result">
      <DetailLoad
        query={order}
        validId={validId}
        testIdPrefix="fund-pay"
        notFoundText={t('fund.order.notFound')}
      >
        {(o) => (
          <>
            <FundPayResult order={o} />
            {o.status === 'UnPaid' && <ContinuePayment order={o} testId="fund-pay-result-continue" />}
            <PageLink
              to={paths.fundHoldings}
              className={o.status === 'UnPaid' ? 'btn btn-secondary btn-block' : 'btn btn-primary btn-block'}
              testId="fund-pay-result-holdings"
            >
              {t('fund.payResult.holdings')}
            </PageLink>
            <PageLink
              to={withQuery(paths.fundOrderDetail, { id: o.order_id })}
              className="btn btn-secondary btn-block"
              testId="fund-pay-result-order"
            >
              {t('fund.payResult.order')}
            </PageLink>
          </>
        )}
      </DetailLoad>
      <PageLink to={paths.home} tab className="btn btn-link btn-block" testId="fund-pay-result-home">
        {t('error.goHome')}
      </PageLink>
    </div>
  );
}
