import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { meQueryOptions } from '../../../features/me/api/get-me.ts';
import { useOrder } from '../../../features/shop/api/get-order.ts';
import { shopKeys } from '../../../features/shop/api/keys.ts';
import { OrderStatusTag } from '../../../features/shop/components/OrderStatusTag.tsx';
import { formatUsdt } from '../../../features/shop/format.ts';
import { errorText } from '../../../lib/errors.ts';
import { navigateTo, switchTab } from '../../../lib/navigation.ts';
import { HOME_PATH } from '../../../lib/routeTable.ts';

const ignore = () => undefined;

/** Pay success: the reported order, polled while the chain watcher verifies it. */
export default function PaySuccessPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const orderId = search.get('order_id');
  const order = useOrder(orderId, { pollWhileVerifying: true });
  const status = order.data?.status;

  useEffect(() => {
    // Confirmed: the member's investment and team figures have changed.
    if (status === 'Success') {
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: shopKeys.orders });
    }
  }, [status, queryClient]);

  return (
    <div className="page pay-success" data-testid="pay-success">
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
        <h2>{t('pay.success')}</h2>
        {order.data ? (
          <>
            <p className="muted">
              {order.data.product.name} · {formatUsdt(order.data.pay_amount_usdt)}
            </p>
            <p>
              {t('order.fields.status')}: <OrderStatusTag status={order.data.status} testId="order-status" />
            </p>
            {order.data.status === 'Verifying' && (
              <p className="muted" data-testid="order-status-later">
                {t('message.orderStatusLater')}
              </p>
            )}
          </>
        ) : order.isError ? (
          <p className="error-text">{errorText(order.error, t)}</p>
        ) : orderId ? (
          <p className="muted">{t('common.loading')}</p>
        ) : null}
      </section>
      <button
        type="button"
        className="btn btn-primary btn-block"
        data-testid="pay-success-orders"
        onClick={() => void navigateTo('/pages/shop/orderList').catch(ignore)}
      >
        {t('shop.myOrders')}
      </button>
      <button
        type="button"
        className="btn btn-link btn-block"
        data-testid="pay-success-home"
        onClick={() => void switchTab(HOME_PATH).catch(ignore)}
      >
        {t('error.goHome')}
      </button>
    </div>
  );
}
