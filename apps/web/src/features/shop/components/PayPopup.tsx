// The checkout of one order: its quote (price, AGC fee, AGC price, expiry countdown), Confirm, then
// the three payment steps on a stepper. Used after Buy (shop) and for "Continue payment" (order detail).
import type { Order, PublicConfig } from '@agc/shared';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { formatAgc, formatUsdt } from '../../../lib/format.ts';
import { formatCountdown, useCountdown } from '../../../lib/use-countdown.ts';
import { useCreateOrder } from '../api/post-order.ts';
import { usePayment } from '../hooks/use-payment.ts';
import { QuoteExpiredError } from '../payment/errors.ts';
import type { PaymentDeps } from '../payment/run-payment.ts';
import { payProgressStore } from '../stores/pay-progress.ts';
import { PayStepper } from './PayStepper.tsx';

export interface PayPopupProps {
  /** The order to pay; null closes the popup. */
  order: Order | null;
  config: PublicConfig | undefined;
  onClose: () => void;
  /** The payment was reported (the order is Verifying, or already further). */
  onPaid: (order: Order) => void;
  /** Tests inject the wallet, chain and server. */
  deps?: PaymentDeps;
}

type CheckoutProps = Omit<PayPopupProps, 'order'> & { order: Order };

/** The order being checked out: the one given, or the new one that replaced it after its quote expired. */
function Checkout(props: CheckoutProps) {
  const [order, setOrder] = useState(props.order);
  return <OrderCheckout key={order.order_id} {...props} order={order} onNewOrder={setOrder} />;
}

function OrderCheckout({
  order,
  config,
  onClose,
  onPaid,
  deps,
  onNewOrder,
}: CheckoutProps & { onNewOrder: (order: Order) => void }) {
  const { t } = useTranslation();
  const payment = usePayment(config, deps);
  const createOrder = useCreateOrder();
  const left = useCountdown(order.quote_expires_at);
  const running = payment.phase === 'running';
  // A payment already sent is finished (reported) even after the quote expired.
  const sentPayment = Boolean(payProgressStore.get(order.order_id).paying);
  // While a step runs the runner decides (it stops before the next step once the quote has expired).
  const expired =
    (left === 0 && !running && !sentPayment && payment.phase !== 'done') ||
    payment.error instanceof QuoteExpiredError;

  const confirm = async () => {
    const result = await payment.pay(order);
    if (result) onPaid(result);
  };

  const newOrder = async () => {
    try {
      onNewOrder(await createOrder.mutateAsync(order.product.id));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  return (
    <div className="checkout" data-testid="checkout">
      <h3 className="checkout-title">{order.product.name}</h3>
      <dl className="rows" data-testid="order-quote">
        <div className="row">
          <dt>{t('order.fields.pay_amount_usdt')}</dt>
          <dd data-testid="quote-price">{formatUsdt(order.pay_amount_usdt)}</dd>
        </div>
        <div className="row">
          <dt>{t('order.fields.service_fee_agc')}</dt>
          <dd data-testid="quote-fee">{formatAgc(order.service_fee_agc)}</dd>
        </div>
        <div className="row">
          <dt>{t('order.fields.agc_price_usdt')}</dt>
          <dd data-testid="quote-agc-price">
            {t('pay.agcPrice', { price: formatUsdt(order.agc_price_usdt) })}
          </dd>
        </div>
        <div className="row">
          <dt>{t('pay.expiresIn')}</dt>
          <dd data-testid="quote-countdown">{formatCountdown(left)}</dd>
        </div>
      </dl>

      {payment.phase !== 'idle' && <PayStepper states={payment.states} />}

      {expired ? (
        <div className="notice card" role="alert" data-testid="quote-expired">
          <p>{t('pay.errors.quoteExpired')}</p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="order-new"
            disabled={createOrder.isPending}
            onClick={() => void newOrder()}
          >
            {t('pay.newOrder')}
          </button>
        </div>
      ) : (
        <>
          {payment.phase === 'error' && payment.error != null && (
            <p className="error-text" role="alert" data-testid="pay-error">
              {errorText(payment.error, t)}
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid="order-confirm"
            disabled={running || payment.phase === 'done' || !config}
            aria-busy={running}
            onClick={() => void confirm()}
          >
            {running ? t('pay.processing') : payment.phase === 'error' ? t('pay.retry') : t('pay.confirm')}
          </button>
        </>
      )}
      <button
        type="button"
        className="btn btn-link btn-block"
        data-testid="checkout-close"
        disabled={running}
        onClick={onClose}
      >
        {t('common.cancel')}
      </button>
      {running && <p className="muted small checkout-hint">{t('pay.keepOpen')}</p>}
    </div>
  );
}

/** A bottom sheet with the checkout; it cannot be closed while a step is running. */
export function PayPopup(props: PayPopupProps) {
  return (
    <Popup visible={props.order !== null} destroyOnClose bodyClassName="checkout-popup">
      {props.order && <Checkout key={props.order.order_id} {...props} order={props.order} />}
    </Popup>
  );
}
