import { PageLink } from '@web/components/PageLink.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { LazyPayPopup as PayPopup } from '@web/features/shop/components/LazyPayPopup.tsx';
import { PayOrderResult } from '@web/features/shop/components/PayOrderResult.tsx';
import {
  PayResultIcon,
  type PayResultState,
  payResultState,
} from '@web/features/shop/components/PayResult.tsx';
import { useCheckout } from '@web/features/shop/hooks/use-checkout.ts';
import { usePaidOrder } from '@web/features/shop/hooks/use-paid-order.ts';
import { errorText } from '@web/lib/errors.ts';
import { paths } from '@web/lib/paths.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * The pay result (spec path paySuccess): it follows the order. Green "Pay success" only once the order is
 * Success; Verifying waits with the steps done (polled until it moves); Unpaid says so and offers to continue;
 * Canceled says why and what to do; no order (or one that is not the member's) is not found.
 */
export default function PaySuccessPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order_id');
  const order = usePaidOrder(orderId);
  const config = usePublicConfig();
  const checkout = useCheckout({ onClose: () => void order.refetch() });
  const state: PayResultState = payResultState(orderId, order);
  const data = order.data;

  const title: Record<PayResultState, string> = {
    loading: t('common.loading'),
    notFound: t('payResult.notFound'),
    error: t('common.loadFailed'),
    unpaid: t('payResult.unpaid'),
    waiting: t('payResult.waiting'),
    failed: t('payResult.failed'),
    success: t('pay.success'),
  };

  let body: ReactNode = null;
  if (state === 'loading') body = <Skeleton rows={3} testId="pay-result-loading" />;
  else if (state === 'notFound')
    body = (
      <p className="muted" data-testid="pay-result-hint">
        {t('payResult.notFoundHint')}
      </p>
    );
  else if (state === 'error')
    body = (
      <p className="error-text" data-testid="pay-result-hint">
        {errorText(order.error, t)}
      </p>
    );
  else if (data) body = <PayOrderResult order={data} state={state} />;

  return (
    <div className="page pay-result" data-testid="pay-result" data-state={state}>
      <section className="card result">
        {state !== 'loading' && <PayResultIcon state={state} />}
        <h2 data-testid="pay-result-title">{title[state]}</h2>
        {body}
      </section>
      {state === 'unpaid' && data && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="pay-result-continue"
          disabled={checkout.opening !== null}
          onClick={() => void checkout.openLatest(data.order_id, () => void order.refetch())}
        >
          {t('order.continue')}
        </button>
      )}
      {state === 'error' && (
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="pay-result-retry"
          onClick={() => void order.refetch()}
        >
          {t('common.retry')}
        </button>
      )}
      {state === 'failed' && (
        <PageLink to={paths.shop} tab className="btn btn-primary btn-block" testId="pay-result-buy">
          {t('payResult.buyAgain')}
        </PageLink>
      )}
      <PageLink
        to={paths.shopOrderList}
        className={
          state === 'success' || state === 'waiting' || state === 'notFound'
            ? 'btn btn-primary btn-block'
            : 'btn btn-secondary btn-block'
        }
        testId="pay-result-orders"
      >
        {t('shop.myOrders')}
      </PageLink>
      <PageLink to={paths.home} tab className="btn btn-link btn-block" testId="pay-result-home">
        {t('error.goHome')}
      </PageLink>
      <PayPopup {...checkout.popup} config={config.data} />
    </div>
  );
}
