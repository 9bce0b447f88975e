import type { OrderStatus } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/StatusTag.tsx';

/** The status of an order in its colour. */
export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return <StatusTag status={status} label={t(`order.status.${status}`)} testId={testId} />;
}
