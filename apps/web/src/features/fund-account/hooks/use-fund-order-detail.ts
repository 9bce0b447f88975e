import type { FundRedemption } from '@agc/shared';
import { formatUnits } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFundOrder } from '../api/get-fund-order.ts';
import { useFundProduct } from '../api/get-fund-product.ts';
import { useCancelFundOrder } from '../api/post-fund-order-cancel.ts';
import { useCancelRedemption } from '../api/post-redemption-cancel.ts';

/** Whether units are held but the lock has not ended yet (Redeem shows disabled with the day it opens). */
export function lockedUntil(
  order: { units_held: string; lock_ends_at: string | null; can_redeem: boolean },
  now = Date.now(),
): string | null {
  if (order.can_redeem || !order.lock_ends_at || !/[1-9]/.test(order.units_held)) return null;
  return Date.parse(order.lock_ends_at) > now ? order.lock_ends_at : null;
}

/**
 * One fund order for its detail page: the order (with redemptions), its product (fee rate, NAV for the redemption
 * estimate), the redemption sheet, and the cancellations, each after a red confirmation (errors: one toast).
 */
export function useFundOrderDetail(orderId: string | null) {
  const { t } = useTranslation();
  const order = useFundOrder(orderId);
  const product = useFundProduct(order.data?.can_redeem ? order.data.product.id : undefined);
  const cancelOrder = useCancelFundOrder();
  const cancelRedemption = useCancelRedemption();
  const [redeeming, setRedeeming] = useState(false);

  const cancel = async () => {
    if (!order.data) return;
    const ok = await confirmModal({ destructive: true, content: t('fund.order.cancelConfirm') });
    if (!ok) return;
    try {
      await cancelOrder.mutateAsync(order.data.order_id);
      void toast(t('fund.order.cancelled'));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  const cancelRedeem = async (r: FundRedemption) => {
    const ok = await confirmModal({
      destructive: true,
      content: t('fund.redeem.cancelConfirm', { units: formatUnits(r.units) }),
    });
    if (!ok) return;
    try {
      await cancelRedemption.mutateAsync(r.redemption_id);
      void toast(t('fund.redeem.cancelled'));
    } catch {
      // shown by the request wrapper
    }
  };

  return {
    order,
    product: product.data,
    cancel,
    cancelling: cancelOrder.isPending,
    cancelRedeem,
    cancellingRedemption: cancelRedemption.isPending,
    redeeming,
    openRedeem: () => setRedeeming(true),
    closeRedeem: () => setRedeeming(false),
  };
}
