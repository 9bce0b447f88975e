import { EmptyState } from '@web/components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { LazyPayPopup as PayPopup } from '@web/features/shop/components/LazyPayPopup.tsx';
import { OrderFields } from '@web/features/shop/components/OrderFields.tsx';
import { useOrderDetail } from '@web/features/shop/hooks/use-order-detail.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** One shop order with every field; an Unpaid one can be canceled or paid (resuming any progress). */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id');
  const config = usePublicConfig();
  const { order, checkout, cancel, canceling, continuePayment, opening } = useOrderDetail(orderId);

  if (!orderId) return <EmptyState />;
  if (order.isPending) return <LoadingState testId="order-loading" />;
  if (order.isError)
    return <LoadFailed testId="order-error" error={order.error} onRetry={() => void order.refetch()} />;

  const data = order.data;

  return (
    <div className="page order-detail" data-testid="order-detail">
      <section className="card">
        <OrderFields order={data} explorerUrl={config.data?.explorer_url} />
      </section>
      {data.status === 'Verifying' && (
        <p className="notice card" data-testid="order-status-later">
          {t('message.orderStatusLater')}
        </p>
      )}
      {data.status === 'Unpaid' && (
        <div className="actions">
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="order-continue"
            disabled={opening}
            onClick={() => void continuePayment()}
          >
            {t('order.continue')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            data-testid="order-cancel"
            disabled={canceling}
            onClick={() => void cancel(data.order_id)}
          >
            {t('order.cancel')}
          </button>
        </div>
      )}
      <PayPopup {...checkout.popup} config={config.data} />
    </div>
  );
}
