import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';

/** Order status filter tabs; each title is `<testIdPrefix>-<key>` (clickable in tests and e2e). */
export function StatusTabs<K extends string>({
  keys,
  active,
  onChange,
  testIdPrefix,
}: {
  keys: readonly K[];
  active: K;
  onChange: (key: K) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <Tabs activeKey={active} onChange={(key) => onChange(key as K)} className="status-tabs">
      {keys.map((key) => (
        <Tabs.Tab
          key={key}
          title={
            <span data-testid={`${testIdPrefix}-${key}`}>
              {t(key === 'all' ? 'order.all' : `order.status.${String(key)}`)}
            </span>
          }
        />
      ))}
    </Tabs>
  );
}
