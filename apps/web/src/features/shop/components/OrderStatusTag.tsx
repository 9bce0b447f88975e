import type { OrderStatus } from '@agc/shared';
import { DisputedTag } from '@web/components/DisputedTag.tsx';
import { StatusTag } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

/** The status of an order in its colour, with Disputed beside it while a chain incident disputes its payment. */
export function OrderStatusTag({
  status,
  disputed = false,
  testId,
}: {
  status: OrderStatus;
  disputed?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <StatusTag status={status} label={t(`order.status.${status}`)} testId={testId} />
      <DisputedTag disputed={disputed} testId="order-disputed" />
    </>
  );
}
