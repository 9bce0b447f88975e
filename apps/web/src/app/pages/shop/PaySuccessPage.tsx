import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResultPage } from '../../../components/ResultPage.tsx';
import { OrderStatusTag } from '../../../features/shop/components/OrderStatusTag.tsx';
import { usePaidOrder } from '../../../features/shop/hooks/use-paid-order.ts';
import { formatUsdt } from '../../../lib/format.ts';
import { paths } from '../../../lib/paths.ts';

/** Pay success: the reported order, polled while the chain watcher verifies it. */
export default function PaySuccessPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id');
  const order = usePaidOrder(orderId);

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
