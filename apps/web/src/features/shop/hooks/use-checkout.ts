import type { Order, Product, Quote } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useState } from 'react';
import { orderQueryOptions } from '../api/get-order.ts';
import { getQuote } from '../api/get-quote.ts';

/**
 * The checkout a page opens (PayPopup): an existing order to pay, or (Buy) a product's quote whose order is
 * created only on "Confirm and pay"; closing it, and what follows a reported payment (the pay result page;
 * usePayment has refreshed the order, the order lists and /me). Spread `popup` on PayPopup.
 */
export function useCheckout(options: { onClose?: () => void } = {}) {
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<Order | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const paid = (result: Order) => {
    setOrder(null);
    setQuote(null);
    openPage(withQuery(paths.shopPayResult, { order_id: result.order_id }));
  };

  const close = () => {
    setOrder(null);
    setQuote(null);
    options.onClose?.();
  };

  const open = (next: Order) => {
    setQuote(null);
    setOrder(next);
  };

  const openQuote = (next: Quote) => {
    setOrder(null);
    setQuote(next);
  };

  /** Opens the checkout when the order (as just read from the server) can still be paid; says whether it did. */
  const openIfUnpaid = (fresh: Order | undefined): boolean => {
    if (fresh?.status !== 'Unpaid') return false;
    open(fresh);
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
    quote,
    open,
    openQuote,
    openIfUnpaid,
    openLatest,
    opening,
    popup: { order, quote, onClose: close, onPaid: paid },
  };
}

/**
 * Buy: read what an order for the product would ask now (nothing is created), then `openQuote` the checkout,
 * where "Confirm and pay" creates the order. One at a time: `buying` is the product.
 */
export function useBuy(openQuote: (quote: Quote) => void) {
  const [buying, setBuying] = useState<number | null>(null);

  const buy = async (product: Product) => {
    if (buying !== null) return;
    setBuying(product.id);
    try {
      openQuote(await getQuote(product.id));
    } catch {
      // the request wrapper has shown the server's message
    } finally {
      setBuying(null);
    }
  };

  return { buying, buy };
}
