import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResultPage } from '../../../components/ResultPage.tsx';
import { useOrder } from '../../../features/shop/api/get-order.ts';
import { shopKeys } from '../../../features/shop/api/keys.ts';
import { OrderStatusTag } from '../../../features/shop/components/OrderStatusTag.tsx';
import { formatUsdt } from '../../../lib/format.ts';
import { meQueryOptions } from '../../../lib/me.ts';
import { paths } from '../../../lib/paths.ts';

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
    <ResultPage
      testId="pay-success"
      className="pay-success"
      title={t('pay.success')}
      listLabel={t('shop.myOrders')}
      listPath={paths.shopOrderList}
      error={order.isError && order.error}
      loading={Boolean(orderId)}
    >
      {order.data && (
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
      )}
    </ResultPage>
  );
}
