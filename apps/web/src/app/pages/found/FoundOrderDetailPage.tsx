import { DetailLoad } from '@web/components/DetailLoad.tsx';
import { FundOrderFields } from '@web/features/fund-account/components/FundOrderFields.tsx';
import { RedeemSheet } from '@web/features/fund-account/components/RedeemSheet.tsx';
import { RedemptionItem } from '@web/features/fund-account/components/RedemptionItem.tsx';
import { lockedUntil, useFundOrderDetail } from '@web/features/fund-account/hooks/use-fund-order-detail.ts';
import { formatEventTime } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/fund-account/fund-account.css';
import { ContinuePayment } from './continue-payment.tsx';

/**
 * One fund order (`?id=`): every field; Processing says the NAV day it is priced at; UnPaid offers Continue payment
 * (the product's purchase page with the order) and Cancel; a holding offers Redeem (disabled until the lock ends);
 * its redemptions with their queue place, Pending ones cancellable.
 */
export default function FoundOrderDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('id');
  const detail = useFundOrderDetail(orderId && /^\d+$/.test(orderId) ? orderId : null);
  return (
    <div className="page fund-account fund-order-detail">
      <DetailLoad
        query={detail.order}
        validId={Boolean(orderId && /^\d+$/.test(orderId))}
        testIdPrefix="fund-order"
        notFoundText={t('fund.order.notFound')}
      >
        {(order) => {
          const locked = lockedUntil(order);
          return (
            <div data-testid="fund-order-detail">
              <section className="card">
                <FundOrderFields order={order} />
              </section>
              {order.status === 'Processing' && order.nav_day && (
                <p className="notice card" data-testid="fund-order-priced-at">
                  {t('fund.order.pricedAt', { day: order.nav_day })}
                </p>
              )}
              {order.status === 'Paid' && (
                <p className="notice card" data-testid="fund-order-paid-note">
                  {t('fund.order.paidNote')}
                </p>
              )}
              {order.status === 'UnPaid' && (
                <div className="actions">
                  <ContinuePayment order={order} testId="fund-order-continue" />
                  <button
                    type="button"
                    className="btn btn-secondary btn-block"
                    data-testid="fund-order-cancel"
                    disabled={detail.cancelling}
                    onClick={() => void detail.cancel()}
                  >
                    {t('fund.order.cancel')}
                  </button>
                </div>
              )}
              {(order.can_redeem || locked) && (
                <div className="actions">
                  <button
                    type="button"
                    className="btn btn-primary btn-block"
                    data-testid="fund-order-redeem"
                    disabled={!order.can_redeem}
                    onClick={detail.openRedeem}
                  >
                    {t('fund.redeem.open')}
                  </button>
                  {locked && (
                    <p className="muted small fund-locked" data-testid="fund-order-locked">
                      {t('fund.redeem.lockedUntil', { date: formatEventTime(locked, t) })}
                    </p>
                  )}
                </div>
              )}
              {order.redemptions.length > 0 && (
                <>
                  <h2 className="fund-section-title">{t('fund.redeem.list')}</h2>
                  {order.redemptions.map((r) => (
                    <RedemptionItem
                      key={r.redemption_id}
                      redemption={r}
                      onCancel={(x) => void detail.cancelRedeem(x)}
                      cancelling={detail.cancellingRedemption}
                    />
                  ))}
                </>
              )}
              {order.can_redeem && (
                <RedeemSheet
                  order={order}
                  product={detail.product}
                  visible={detail.redeeming}
                  onClose={detail.closeRedeem}
                />
              )}
            </div>
          );
        }}
      </DetailLoad>
    </div>
  );
}
