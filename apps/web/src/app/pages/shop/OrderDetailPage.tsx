import type { Order } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
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
import { meQueryOptions } from '../../../lib/me.ts';
import { navigateTo } from '../../../lib/navigation.ts';
import { paths, withQuery } from '../../../lib/paths.ts';
import { confirmModal, toast } from '../../../lib/ui.ts';

const ignore = () => undefined;

/** One shop order with every field; an Unpaid one can be canceled or paid (resuming any progress). */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const orderId = search.get('order_id');
  const order = useOrder(orderId, { pollWhileVerifying: true });
  const config = usePublicConfig();
  const cancel = useCancelOrder();
  const [paying, setPaying] = useState<Order | null>(null);
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
      if (fresh.data?.status === 'Unpaid') setPaying(fresh.data);
    } finally {
      setOpening(false);
    }
  };

  const paid = (result: Order) => {
    setPaying(null);
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    void navigateTo(withQuery(paths.shopPayResult, { order_id: result.order_id })).catch(ignore);
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
      <PayPopup
        order={paying}
        config={config.data}
        onClose={() => {
          setPaying(null);
          void order.refetch();
        }}
        onPaid={paid}
      />
    </div>
  );
}
