import { confirmModal, toast } from '@web/lib/ui.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrder } from '../api/get-order.ts';
import { useCancelOrder } from '../api/post-order-cancel.ts';
import { useCheckout } from './use-checkout.ts';

/**
 * One of the member's orders for its detail page: the order (polled while Verifying) and what an Unpaid one
 * offers. Cancel asks first; Continue payment reads the order again and opens its checkout (resuming any
 * progress); closing the checkout reads the order again.
 */
export function useOrderDetail(orderId: string | null) {
  const { t } = useTranslation();
  const order = useOrder(orderId, { pollWhileVerifying: true });
  const cancelOrder = useCancelOrder();
  const checkout = useCheckout({ onClose: () => void order.refetch() });
  const [opening, setOpening] = useState(false);

  const cancel = async (id: string) => {
    const ok = await confirmModal({
      destructive: true,
      content: t('order.cancelConfirm'),
    });
    if (!ok) return;
    try {
      await cancelOrder.mutateAsync(id);
      void toast(t('order.canceled'));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  const continuePayment = async () => {
    setOpening(true);
    try {
      // Pay what the server says now, not what this page loaded a while ago.
      const fresh = await order.refetch();
      checkout.openIfUnpaid(fresh.data);
    } finally {
      setOpening(false);
    }
  };

  return { order, checkout, cancel, canceling: cancelOrder.isPending, continuePayment, opening };
}
