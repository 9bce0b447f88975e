// The purchase sheet: the amount (whole multiples of the minimum, −/+ one minimum), the quote (fee, net, estimated
// units, the NAV day it is priced at), the payment network from configuration, the wallet's USDT, then "Confirm
// and pay" creates the subscription (UnPaid) and runs the two wallet steps (approve USDT, pay). Cancel before the
// order exists makes no request; after, it asks and cancels the order (unless its pay transaction went out).
// Opened on an existing UnPaid order it resumes that order's payment.
import { type FundOrder, type FundProduct, type PublicConfig, parseAmount, USDT_DECIMALS } from '@agc/shared';
import { useQuery } from '@tanstack/react-query';
import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { FormError } from '@web/components/FormMessages.tsx';
import { PaymentSteps } from '@web/components/PaymentSteps.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { StepperField } from '@web/components/StepperField.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { errorText } from '@web/lib/errors.ts';
import { formatAssetExact, formatUnits, formatUsdt } from '@web/lib/format.ts';
import { confirmModal } from '@web/lib/ui.ts';
import { formatCountdown, useCountdown } from '@web/lib/use-countdown.ts';
import { QuoteExpiredError } from '@web/lib/wallet/payment-errors.ts';
import { walletBalancesQueryOptions } from '@web/lib/wallet-balances.ts';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFundQuote } from '../api/get-fund-quote.ts';
import { useCreateFundOrder } from '../api/post-fund-order.ts';
import { useCancelFundOrder } from '../api/post-fund-order-cancel.ts';
import { useFundPayment } from '../hooks/use-fund-payment.ts';
import { checkAmount, stepAmount } from '../model/amount.ts';
import { fundPayProgressStore } from '../payment/deps.ts';
import { FUND_PAY_STEPS, type FundPaymentDeps, type FundStepStates } from '../payment/run-fund-payment.ts';
import { NetworkLine } from './NetworkLine.tsx';
import '../funds.css';

export interface PurchaseSheetProps {
  product: FundProduct;
  /** Open the sheet (a new subscription, or `order`'s payment). */
  visible: boolean;
  /** Resume: an UnPaid order of this product to pay. */
  order?: FundOrder | null;
  config: PublicConfig | undefined;
  /** The member's wallet address (the USDT balance shown). */
  address: string | undefined;
  onClose: () => void;
  /** The payment was reported (Paid, or further). */
  onPaid: (order: FundOrder) => void;
  /** Tests inject the wallet, chain and server. */
  deps?: FundPaymentDeps;
}

export function FundPayStepper({ states }: { states: FundStepStates }) {
  return <PaymentSteps steps={FUND_PAY_STEPS} states={states} testIdPrefix="fund-pay" />;
}

/** The amount field with its −/+ stepper and the validation message. */
function AmountField({
  value,
  onChange,
  minimum,
  disabled,
  message,
}: {
  value: string;
  onChange: (next: string) => void;
  minimum: string;
  disabled: boolean;
  message: string | null;
}) {
  const { t } = useTranslation();
  return (
    <StepperField
      className="fund-amount"
      label={t('fund.buy.amount')}
      testId="fund-amount"
      inputMode="decimal"
      maxLength={20}
      value={value}
      disabled={disabled}
      onChange={onChange}
      unit="USDT"
      less={{
        label: t('fund.buy.less', { amount: formatUsdt(minimum) }),
        disabled,
        onClick: () => onChange(stepAmount(value, minimum, -1)),
      }}
      more={{
        label: t('fund.buy.more', { amount: formatUsdt(minimum) }),
        disabled,
        onClick: () => onChange(stepAmount(value, minimum, 1)),
      }}
      message={message}
      hint={t('fund.buy.amountHint', { num: formatUsdt(minimum) })}
    />
  );
}

function Sheet({
  product,
  order: resumeOrder = null,
  config,
  address,
  onClose,
  onPaid,
  deps,
  initialAmount,
  onRestart,
}: PurchaseSheetProps & {
  /** The amount the field starts with (a restart keeps the expired order's). */
  initialAmount: string | null;
  /** The quote expired: start again from the amount (a new order; the server lets the old one expire). */
  onRestart: (amount: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(
    resumeOrder ? resumeOrder.amount_usdt : (initialAmount ?? product.minimum_usdt),
  );
  const [order, setOrder] = useState<FundOrder | null>(resumeOrder);
  const [createError, setCreateError] = useState<unknown>(null);
  const payment = useFundPayment(config, deps);
  const createOrder = useCreateFundOrder();
  const cancelOrder = useCancelFundOrder();
  const check = checkAmount(text, product.minimum_usdt);
  const amount = order ? order.amount_usdt : check.ok ? check.amount : null;
  const quote = useFundQuote(product.id, order ? null : amount);
  const left = useCountdown(order?.quote_expires_at);
  const running = payment.phase === 'running';
  const sentPayment = order ? Boolean(fundPayProgressStore.get(order.order_id).paying) : false;
  const expired =
    (order !== null && left === 0 && !running && !sentPayment && payment.phase !== 'done') ||
    payment.error instanceof QuoteExpiredError;
  const balances = useQuery({ ...walletBalancesQueryOptions(config, address), staleTime: 0 });
  const need = amount ? parseAmount(amount, USDT_DECIMALS) : 0n;
  const short = balances.data !== undefined && !balances.isFetching && balances.data.usdt < need;
  const busy = running || createOrder.isPending || cancelOrder.isPending;
  const message =
    !order && !check.ok && check.reason !== 'empty'
      ? check.reason === 'invalid'
        ? t('fund.buy.errors.invalid')
        : t('fund.buy.errors.multiple', { num: formatUsdt(product.minimum_usdt) })
      : null;
  const network = config?.funds.payment_network;

  const pay = async (target: FundOrder) => {
    const result = await payment.pay(target);
    if (result) onPaid(result);
  };

  const confirm = async () => {
    if (order) return pay(order);
    if (!check.ok) return;
    setCreateError(null);
    let fresh: FundOrder;
    try {
      fresh = await createOrder.mutateAsync({ productId: product.id, amount: check.amount });
    } catch (error) {
      setCreateError(error);
      return;
    }
    setOrder(fresh);
    await pay(fresh);
  };

  const cancel = async () => {
    if (!order) return onClose(); // nothing was created: no request
    const paySent = Boolean(fundPayProgressStore.get(order.order_id).paying);
    if (order.status !== 'UnPaid' || paySent || payment.phase === 'done') return onClose();
    const ok = await confirmModal({
      title: t('fund.buy.cancelTitle'),
      content: t('fund.buy.cancelText'),
      confirmText: t('fund.buy.cancelConfirm'),
      cancelText: t('fund.buy.cancelKeep'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await cancelOrder.mutateAsync(order.order_id);
    } catch {
      return; // the request wrapper has shown the server's message; the order stays UnPaid in the holdings
    }
    onClose();
  };

  const q = quote.data;
  return (
    <div className="checkout fund-sheet" data-testid="fund-sheet">
      <h3 className="checkout-title">{product.name}</h3>
      {order ? (
        <dl className="rows" data-testid="fund-sheet-order">
          <ValueRow label={t('fund.buy.amount')} testId="fund-sheet-amount">
            {formatUsdt(order.amount_usdt)}
          </ValueRow>
          <ValueRow label={t('fund.buy.fee')} testId="fund-sheet-fee">
            {formatUsdt(order.fee_usdt)}
          </ValueRow>
          <ValueRow label={t('pay.expiresIn')} testId="fund-sheet-countdown">
            {formatCountdown(left)}
          </ValueRow>
        </dl>
      ) : (
        <>
          <AmountField
            value={text}
            onChange={(next) => {
              setText(next);
              setCreateError(null);
            }}
            minimum={product.minimum_usdt}
            disabled={busy}
            message={message}
          />
          {amount && (
            <section className="fund-quote" data-testid="fund-quote" aria-busy={quote.isFetching}>
              {quote.isPending ? (
                <Skeleton rows={3} testId="fund-quote-loading" />
              ) : quote.isError ? (
                <p className="error-text small" data-testid="fund-quote-error">
                  {errorText(quote.error, t)}
                </p>
              ) : (
                q && (
                  <dl className="rows">
                    <ValueRow label={t('fund.buy.fee')} testId="fund-quote-fee">
                      {formatUsdt(q.fee_usdt)}
                    </ValueRow>
                    <ValueRow label={t('fund.buy.net')} testId="fund-quote-net">
                      {formatUsdt(q.net_usdt)}
                    </ValueRow>
                    <div className="row">
                      <dt>{t('fund.buy.estimatedUnits')}</dt>
                      <dd data-testid="fund-quote-units">
                        {q.estimated_units ? formatUnits(q.estimated_units) : t('fund.products.noNav')}
                      </dd>
                    </div>
                    <ValueRow label={t('fund.buy.navDay')} testId="fund-quote-nav-day">
                      {q.next_nav_day}
                    </ValueRow>
                  </dl>
                )
              )}
              <p className="muted small">
                {t('fund.detail.forward', { day: q?.next_nav_day ?? product.next_nav_day })}
              </p>
            </section>
          )}
        </>
      )}

      <NetworkLine network={network} />

      {payment.phase === 'idle' && !sentPayment && (
        <dl className="rows" data-testid="fund-wallet">
          <div className={short ? 'row row-short' : 'row'}>
            <dt>{t('fund.buy.walletUsdt')}</dt>
            <dd data-testid="fund-wallet-usdt">
              {balances.data ? (
                formatUsdt(balances.data.usdt)
              ) : balances.isError || balances.fetchStatus === 'idle' ? (
                // unreadable, or nothing to read it with (no address or configuration yet)
                t('pay.funds.unavailable')
              ) : (
                <Skeleton inline />
              )}
            </dd>
          </div>
        </dl>
      )}
      {short && balances.data && payment.phase === 'idle' && (
        <p className="notice card checkout-warning" role="alert" data-testid="fund-wallet-short">
          {t('pay.funds.short', {
            asset: 'USDT',
            have: formatAssetExact(balances.data.usdt, 'USDT'),
            need: formatAssetExact(need, 'USDT'),
          })}
        </p>
      )}

      {(payment.phase !== 'idle' || sentPayment) && <FundPayStepper states={payment.states} />}

      {expired ? (
        <div className="notice card" role="alert" data-testid="fund-quote-expired">
          <p>{t('fund.buy.errors.quoteExpired')}</p>
          <BlockButton
            variant="primary"
            testId="fund-restart"
            onClick={() => onRestart(order?.amount_usdt ?? text)}
          >
            {t('fund.buy.restart')}
          </BlockButton>
        </div>
      ) : (
        <>
          <FormError
            error={createError != null ? errorText(createError, t) : null}
            testId="fund-create-error"
          />
          <FormError
            error={payment.phase === 'error' && payment.error != null ? errorText(payment.error, t) : null}
            testId="fund-pay-error"
          />
          <BlockButton
            variant="primary"
            testId="fund-confirm"
            disabled={payment.phase === 'done' || !config || (!order && !check.ok) || (short && !order)}
            busy={busy}
            busyLabel={t('pay.processing')}
            onClick={() => void confirm()}
          >
            {payment.phase === 'error' ? t('pay.retry') : t('pay.confirm')}
          </BlockButton>
        </>
      )}
      <CancelButton
        testId="fund-sheet-close"
        disabled={running || cancelOrder.isPending}
        onClick={() => void cancel()}
      />
      {running && <p className="muted small checkout-hint">{t('fund.buy.keepOpen')}</p>}
    </div>
  );
}

/** A bottom sheet with the purchase; it cannot be closed while a step is running. */
export function PurchaseSheet(props: PurchaseSheetProps) {
  // A restart after an expired quote: a fresh sheet (no order, the payment state new) keeping the amount.
  const [restart, setRestart] = useState<{ round: number; amount: string } | null>(null);
  useEffect(() => {
    if (!props.visible) setRestart(null);
  }, [props.visible]);
  return (
    <Popup visible={props.visible} destroyOnClose bodyClassName="checkout-popup">
      {props.visible && (
        <Sheet
          key={restart ? `restart-${restart.round}` : (props.order?.order_id ?? 'new')}
          {...props}
          order={restart ? null : props.order}
          initialAmount={restart?.amount ?? null}
          onRestart={(amount) => setRestart((r) => ({ round: (r?.round ?? 0) + 1, amount }))}
        />
      )}
    </Popup>
  );
}
