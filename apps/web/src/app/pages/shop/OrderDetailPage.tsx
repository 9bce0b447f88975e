import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed, LoadingState } from '../../../components/LoadState.tsx';
import { usePublicConfig } from '../../../features/config/api/get-config.ts';
import { useOrder } from '../../../features/shop/api/get-order.ts';
import { useCancelOrder } from '../../../features/shop/api/post-order-cancel.ts';
import { OrderFields } from '../../../features/shop/components/OrderFields.tsx';
import { PayPopup } from '../../../features/shop/components/PayPopup.tsx';
import { useCheckout } from '../../../features/shop/hooks/use-checkout.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';

/** One shop order with every field; an Unpaid one can be canceled or paid (resuming any progress). */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id');
  const order = useOrder(orderId, { pollWhileVerifying: true });
  const config = usePublicConfig();
  const cancel = useCancelOrder();
  const checkout = useCheckout({ onClose: () => void order.refetch() });
  const [opening, setOpening] = useState(false);

  if (!orderId) return <EmptyState />;
  if (order.isPending) return <LoadingState testId="order-loading" />;
  if (order.isError)
    return <LoadFailed testId="order-error" error={order.error} onRetry={() => void order.refetch()} />;

  const data = order.data;

  const onCancel = async () => {
    const ok = await confirmModal({
      content: t('order.cancelConfirm'),
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync(data.order_id);
      void toast(t('order.canceled'));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  const onContinue = async () => {
    setOpening(true);
    try {
      // Pay what the server says now, not what this page loaded a while ago.
      const fresh = await order.refetch();
      checkout.openIfUnpaid(fresh.data);
    } finally {
      setOpening(false);
    }
  };

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
            onClick={() => void onContinue()}
          >
            {t('order.continue')}
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-block"
            data-testid="order-cancel"
            disabled={cancel.isPending}
            onClick={() => void onCancel()}
          >
            {t('order.cancel')}
          </button>
        </div>
      )}
      <PayPopup {...checkout.popup} config={config.data} />
    </div>
  );
}
