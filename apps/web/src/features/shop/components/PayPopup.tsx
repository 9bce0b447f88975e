import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { FormError } from '@web/components/FormMessages.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
// The checkout: the figures (price, AGC fee, AGC price), the wallet's USDT/AGC/ETH and what the three

// transactions take, Confirm, then the three payment steps on a stepper. After Buy it starts from a quote that
// created nothing: "Confirm and pay" creates the order (the server fixes its quote then); if the order asks other
// figures than the sheet showed, they are shown and confirmed again before any transaction; Cancel before that
// leaves nothing behind. For "Continue payment" it pays the existing order.
import {
  AGC_DECIMALS,
  type Order,
  type PublicConfig,
  parseAmount,
  type Quote,
  USDT_DECIMALS,
} from '@agc/shared';
import { PriceSourceNote } from '@web/components/PriceSourceNote.tsx';
import { errorText } from '@web/lib/errors.ts';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { formatCountdown, useCountdown } from '@web/lib/use-countdown.ts';
import { QuoteExpiredError } from '@web/lib/wallet/payment-errors.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateOrder } from '../api/post-order.ts';
import { useCancelOrder } from '../api/post-order-cancel.ts';
import { usePayment } from '../hooks/use-payment.ts';
import type { PaymentDeps } from '../payment/run-payment.ts';
import { payProgressStore } from '../stores/pay-progress.ts';
import { PayStepper } from './PayStepper.tsx';
import { type Needed, useWalletFunds, WalletFunds } from './WalletFunds.tsx';
import '../shop.css';

export interface PayPopupProps {
  /** The order to pay ("Continue payment"); null with no quote closes the popup. */
  order: Order | null;
  /** Buy: the product's quote (nothing created yet); the order is made on "Confirm and pay". */
  quote?: Quote | null;
  config: PublicConfig | undefined;
  onClose: () => void;
  /** The payment was reported (the order is Verifying, or already further). */
  onPaid: (order: Order) => void;
  /** Tests inject the wallet, chain and server. */
  deps?: PaymentDeps;
}

type CheckoutProps = Omit<PayPopupProps, 'order' | 'quote'> & { order: Order | null; quote: Quote | null };

/** What the member pays: the same for a quote and an order. */
type Figures = Pick<
  Quote,
  'pay_amount_usdt' | 'service_fee_agc' | 'agc_price_usdt' | 'price_source' | 'price_block'
>;

const needed = (f: Figures): Needed => ({
  usdt: parseAmount(f.pay_amount_usdt, USDT_DECIMALS),
  agc: parseAmount(f.service_fee_agc, AGC_DECIMALS),
});

/** The order asks what the sheet showed (the price and the fee; the AGC price alone changes nothing paid). */
const samePayment = (a: Figures, b: Figures) => {
  const x = needed(a);
  const y = needed(b);
  return x.usdt === y.usdt && x.agc === y.agc;
};

/**
 * The checkout's subject: the order (given, created on Confirm, or the new one that replaced it after its quote
 * expired) or, before Confirm, the quote. `created` is the order this sheet made (Cancel cancels it while no
 * transaction has been sent); `round` remounts the payment state when an expired order is replaced.
 */
function Checkout(props: CheckoutProps) {
  const [order, setOrder] = useState(props.order);
  const [created, setCreated] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  return (
    <OrderCheckout
      key={round}
      {...props}
      order={order}
      created={created}
      onCreated={(next) => {
        setOrder(next);
        setCreated(next.order_id);
      }}
      onNewOrder={(next) => {
        setOrder(next);
        if (created) setCreated(next.order_id);
        setRound((r) => r + 1);
      }}
    />
  );
}

function OrderCheckout({
  order,
  quote,
  config,
  onClose,
  onPaid,
  deps,
  created,
  onCreated,
  onNewOrder,
}: CheckoutProps & {
  created: string | null;
  onCreated: (order: Order) => void;
  onNewOrder: (order: Order) => void;
}) {
  const { t } = useTranslation();
  const payment = usePayment(config, deps);
  const createOrder = useCreateOrder();
  const cancelOrder = useCancelOrder();
  const memberAddress = useWalletStore((s) => s.address);
  // The order's figures once there is one, the quote's before.
  const figures: Figures = order ?? (quote as Quote);
  const productName = order?.product.name ?? quote?.product.name ?? '';
  /** The order made on Confirm asks other figures than the quote showed: confirm them again. */
  const [repriced, setRepriced] = useState(false);
  const left = useCountdown(order?.quote_expires_at);
  const running = payment.phase === 'running';
  // A payment already sent is finished (reported) even after the quote expired.
  const sentPayment = order ? Boolean(payProgressStore.get(order.order_id).paying) : false;
  // While a step runs the runner decides (it stops before the next step once the quote has expired).
  const expired =
    (order !== null && left === 0 && !running && !sentPayment && payment.phase !== 'done') ||
    payment.error instanceof QuoteExpiredError;
  const need = needed(figures);
  const funds = useWalletFunds(config, order?.wallet ?? memberAddress, need);
  // Balances decide only before money moves: once the payment was sent they have dropped by what it paid.
  const blockedByFunds = !running && payment.phase !== 'done' && !sentPayment && !funds.enough;
  const busy = running || createOrder.isPending || cancelOrder.isPending;

  const pay = async (target: Order) => {
    setRepriced(false);
    const result = await payment.pay(target);
    if (result) onPaid(result);
  };

  const confirm = async () => {
    if (order) return pay(order);
    if (!quote) return;
    let fresh: Order;
    try {
      fresh = await createOrder.mutateAsync(quote.product.id);
    } catch {
      return; // the request wrapper has shown the server's message; nothing was created
    }
    onCreated(fresh);
    if (!samePayment(quote, fresh)) {
      setRepriced(true);
      return;
    }
    await pay(fresh);
  };

  const newOrder = async () => {
    const productId = order?.product.id ?? quote?.product.id;
    if (productId === undefined) return;
    try {
      onNewOrder(await createOrder.mutateAsync(productId));
    } catch {
      // the request wrapper has shown the server's message
    }
  };

  /**
   * Cancel: an order this sheet made is canceled unless its pay transaction went out (approvals move no money),
   * so closing the sheet never leaves an Unpaid order behind, even after a refusal in the wallet.
   */
  const cancel = async () => {
    const paySent = order ? Boolean(payProgressStore.get(order.order_id).paying) : false;
    if (order && created === order.order_id && !running && payment.phase !== 'done' && !paySent) {
      try {
        await cancelOrder.mutateAsync(order.order_id);
      } catch {
        // the request wrapper has shown the server's message; the order stays Unpaid in the member's list
      }
    }
    onClose();
  };

  return (
    <div className="checkout" data-testid="checkout">
      <h3 className="checkout-title">{productName}</h3>
      <dl className="rows" data-testid="order-quote">
        <ValueRow label={t('order.fields.pay_amount_usdt')} testId="quote-price">
          {formatUsdt(figures.pay_amount_usdt)}
        </ValueRow>
        <ValueRow label={t('order.fields.service_fee_agc')} testId="quote-fee">
          {formatAgc(figures.service_fee_agc)}
        </ValueRow>
        <div className="row">
          <dt>{t('order.fields.agc_price_usdt')}</dt>
          <dd data-testid="quote-agc-price">
            {t('pay.agcPrice', { price: formatUsdt(figures.agc_price_usdt) })}
            <PriceSourceNote
              source={figures.price_source}
              block={figures.price_block}
              testId="quote-price-source"
            />
          </dd>
        </div>
        {order ? (
          <ValueRow label={t('pay.expiresIn')} testId="quote-countdown">
            {formatCountdown(left)}
          </ValueRow>
        ) : (
          <ValueRow label={t('pay.quotedAt')} testId="quote-time">
            {formatEventTime(quote?.quoted_at, t)}
          </ValueRow>
        )}
      </dl>
      {!order && (
        <p className="muted small" data-testid="quote-note">
          {t('pay.quoteNote')}
        </p>
      )}

      {repriced && (
        <p className="notice card checkout-warning" role="alert" data-testid="quote-repriced">
          {t('pay.repriced', {
            usdt: formatUsdt(figures.pay_amount_usdt),
            agc: formatAgc(figures.service_fee_agc),
          })}
        </p>
      )}

      {payment.phase === 'idle' && !sentPayment && <WalletFunds funds={funds} need={need} />}

      {payment.phase !== 'idle' && <PayStepper states={payment.states} />}

      {expired ? (
        <div className="notice card" role="alert" data-testid="quote-expired">
          <p>{t('pay.errors.quoteExpired')}</p>
          <BlockButton
            variant="primary"
            testId="order-new"
            disabled={createOrder.isPending}
            onClick={() => void newOrder()}
          >
            {t('pay.newOrder')}
          </BlockButton>
        </div>
      ) : (
        <>
          <FormError
            error={payment.phase === 'error' && payment.error != null ? errorText(payment.error, t) : null}
            testId="pay-error"
          />
          <BlockButton
            variant="primary"
            testId="order-confirm"
            disabled={payment.phase === 'done' || !config || blockedByFunds}
            busy={busy}
            busyLabel={t('pay.processing')}
            onClick={() => void confirm()}
          >
            {payment.phase === 'error' ? t('pay.retry') : repriced ? t('pay.confirmNew') : t('pay.confirm')}
          </BlockButton>
        </>
      )}
      <CancelButton
        testId="checkout-close"
        disabled={running || cancelOrder.isPending}
        onClick={() => void cancel()}
      />
      {running && <p className="muted small checkout-hint">{t('pay.keepOpen')}</p>}
    </div>
  );
}

/** A bottom sheet with the checkout; it cannot be closed while a step is running. */
export function PayPopup({ quote = null, ...props }: PayPopupProps) {
  const visible = props.order !== null || quote !== null;
  return (
    <Popup visible={visible} destroyOnClose bodyClassName="checkout-popup">
      {visible && (
        <Checkout
          key={props.order?.order_id ?? `quote-${quote?.product.id}-${quote?.quoted_at}`}
          {...props}
          order={props.order}
          quote={quote}
        />
      )}
    </Popup>
  );
}
