import type { OrderStatus } from '@agc/shared';
import { StatusTabs } from '@web/components/StatusTabs.tsx';
import { useTranslation } from 'react-i18next';

/** The status tabs of an order list ("All" or a status), each `<testIdPrefix>-<key>`. */
export function OrderStatusTabs<K extends OrderStatus | 'all'>(props: {
  keys: readonly K[];
  active: K;
  onChange: (key: K) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const textKey = (key: K): string => (key === 'all' ? 'order.all' : `order.status.${key}`);
  return <StatusTabs {...props} title={(key) => t(textKey(key))} />;
}
