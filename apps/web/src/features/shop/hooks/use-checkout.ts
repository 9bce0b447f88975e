import type { Order, Product } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { openPage } from '../../../lib/navigation.ts';
import { paths, withQuery } from '../../../lib/paths.ts';
import { orderQueryOptions } from '../api/get-order.ts';
import { useCreateOrder } from '../api/post-order.ts';

/**
 * The checkout a page opens (PayPopup): the order being paid, closing it, and what follows a reported payment
 * (the pay result page; usePayment has refreshed the order, the order lists and /me). Spread `popup` on PayPopup.
 */
export function useCheckout(options: { onClose?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<Order | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const paid = (result: Order) => {
    setOrder(null);
    openPage(withQuery(paths.shopPayResult, { order_id: result.order_id }));
  };

  const close = () => {
    setOrder(null);
    options.onClose?.();
  };

  /** Opens the checkout when the order (as just read from the server) can still be paid; says whether it did. */
  const openIfUnpaid = (fresh: Order | undefined): boolean => {
    if (fresh?.status !== 'Unpaid') return false;
    setOrder(fresh);
    return true;
  };

  /**
   * Pay an order a list shows: read it again first (pay what the server says now, not what the list loaded a
   * while ago); `onNotPayable` when it moved on meanwhile. One at a time: `opening` is the order being read.
   */
  const openLatest = async (orderId: string, onNotPayable: () => void) => {
    if (opening !== null) return;
    setOpening(orderId);
    try {
      if (!openIfUnpaid(await queryClient.fetchQuery(orderQueryOptions(orderId)))) onNotPayable();
    } catch {
      // the request wrapper has shown the server's message
    } finally {
      setOpening(null);
    }
  };

  return {
    order,
    open: setOrder,
    openIfUnpaid,
    openLatest,
    opening,
    popup: { order, onClose: close, onPaid: paid },
  };
}

/** Buy: a new order for the product (its quote), then `open` its checkout. One at a time: `buying` is the product. */
export function useBuy(open: (order: Order) => void) {
  const createOrder = useCreateOrder();
  const [buying, setBuying] = useState<number | null>(null);

  const buy = async (product: Product) => {
    if (buying !== null) return;
    setBuying(product.id);
    try {
      open(await createOrder.mutateAsync(product.id));
    } catch {
      // the request wrapper has shown the server's message
    } finally {
      setBuying(null);
    }
  };

  return { buying, buy };
}
