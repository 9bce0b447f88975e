// The pay result page's parts: which state an order puts it in, its icon, and the payment steps done.
import type { Order, PayStep } from '@agc/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@web/lib/request.ts';
import { useTranslation } from 'react-i18next';
import { usePayProgressStore } from '../stores/pay-progress.ts';
import '../shop.css';

/**
 * loading / notFound (no order_id, or an order the server does not know for this member) / error (could not be
 * read) / unpaid / waiting (Verifying: payment sent, confirming) / failed (Canceled) / success.
 */
export type PayResultState = 'loading' | 'notFound' | 'error' | 'unpaid' | 'waiting' | 'failed' | 'success';

const STATE_OF: Record<Order['status'], PayResultState> = {
  Unpaid: 'unpaid',
  Verifying: 'waiting',
  Canceled: 'failed',
  Success: 'success',
};

/** The server answers an unknown order 404 (another member's too) and a malformed id 400. */
const isMissing = (error: unknown) =>
  error instanceof ApiError && [400, 404].some((c) => error.code === c || error.status === c);

export function payResultState(orderId: string | null, order: UseQueryResult<Order>): PayResultState {
  if (!orderId) return 'notFound';
  if (order.data) return STATE_OF[order.data.status];
  if (order.isError) return isMissing(order.error) ? 'notFound' : 'error';
  return 'loading';
}

const ICON = {
  success: { fill: '#00b578', path: 'm19 33 9 9 17-19' },
  failed: { fill: '#e5484d', path: 'M22 22l20 20M42 22 22 42' },
  notFound: { fill: '#8c8c8c', path: 'M25 25a7 7 0 1 1 9 7c-2 1-2 2-2 5M32 44v1' },
  unpaid: { fill: '#fa8c16', path: 'M32 18v17M32 44v1' },
  error: { fill: '#fa8c16', path: 'M32 18v17M32 44v1' },
  waiting: { fill: '#1677ff', path: 'M32 18v15l9 6' },
} as const;

export function PayResultIcon({ state }: { state: Exclude<PayResultState, 'loading'> }) {
  const icon = ICON[state];
  return (
    <svg
      width="64"
      height="64"
      viewBox="0 0 64 64"
      fill="none"
      aria-hidden="true"
      data-testid="pay-result-icon"
    >
      <circle cx="32" cy="32" r="30" fill={icon.fill} />
      <path d={icon.path} stroke="#ffffff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const STEPS: PayStep[] = ['authAmc', 'authUsd', 'paying'];

/**
 * The three payment steps and whether each is done: a reported payment (the order's tx hash) means all three
 * were; before that, what this browser sent (the pay-progress store). A Verifying order adds "confirming".
 */
export function PayResultSteps({ order }: { order: Order }) {
  const { t } = useTranslation();
  const progress = usePayProgressStore((s) => s.payProgress[order.order_id]);
  const paid = Boolean(order.tx_hash);
  const done = (step: PayStep) => paid || Boolean(progress?.[step]);
  return (
    <ul className="result-steps" data-testid="pay-result-steps">
      {STEPS.map((step) => (
        <li
          key={step}
          className={done(step) ? 'result-step--done' : 'result-step--todo'}
          data-testid={`pay-result-step-${step}`}
          data-state={done(step) ? 'done' : 'todo'}
        >
          <span className="result-step-mark" aria-hidden="true">
            {done(step) ? '✓' : ''}
          </span>
          <span>
            {t(`pay.steps.${step}`)}
            <span className="visually-hidden">
              {' '}
              {done(step) ? t('pay.stepDone') : t('payResult.stepTodo')}
            </span>
          </span>
        </li>
      ))}
      {order.status === 'Verifying' && (
        <li className="result-step--waiting" data-testid="pay-result-step-confirming" data-state="waiting">
          <span className="result-step-mark" aria-hidden="true">
            …
          </span>
          <span>{t('payResult.confirming')}</span>
        </li>
      )}
    </ul>
  );
}
