import type { OrderStatus } from '@agc/shared';
import { useTranslation } from 'react-i18next';

/** The status of an order in its colour. */
export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`status-tag status-tag--${status.toLowerCase()}`}
      data-testid={testId}
      data-status={status}
    >
      {t(`order.status.${status}`)}
    </span>
  );
}
