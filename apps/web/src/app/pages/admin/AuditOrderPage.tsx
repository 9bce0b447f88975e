import type { OrderStatus } from '@agc/shared';
import { NoPermission } from '@web/components/NoPermission.tsx';
import { usePublicConfig } from '@web/features/config/api/get-config.ts';
import { useAdminOrders } from '@web/features/shop/api/get-admin-orders.ts';
import { AuditOrderCard } from '@web/features/shop/components/AuditOrderCard.tsx';
import { OrderList } from '@web/features/shop/components/OrderList.tsx';
import { OrderStatusTabs } from '@web/features/shop/components/OrderStatusTabs.tsx';
import { isForbidden } from '@web/lib/request.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const FILTERS = ['Verifying', 'Unpaid', 'Success', 'Canceled'] as const satisfies readonly OrderStatus[];

/** Audit orders (auditor/admin): payments the chain watcher could not settle, with what to do. */
export default function AuditOrderPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderStatus>('Verifying');
  const orders = useAdminOrders(status);
  const config = usePublicConfig();
  // 'Admins only' as on every admin page: the page, tabs included, instead of itself.
  if (isForbidden(orders.error))
    return <NoPermission testId="audit-no-permission" text={t('audit.noPermission')} />;
  return (
    <div className="page audit-order-page">
      <OrderStatusTabs keys={FILTERS} active={status} onChange={setStatus} testIdPrefix="audit-tab" />
      <OrderList
        query={orders}
        testId="audit-order-list"
        renderItem={(order) => <AuditOrderCard order={order} explorerUrl={config.data?.explorer_url} />}
      />
    </div>
  );
}
