import Tabs from 'antd-mobile/es/components/tabs';
import type { ReactNode } from 'react';

/**
 * Tabs over a list (order, withdrawal, team scope): each title is wrapped in `<testIdPrefix>-<key>` so tests and
 * e2e can click it. The tab row scrolls when the titles do not fit (antd's Tabs), never clipping a title.
 */
export function StatusTabs<K extends string>({
  keys,
  active,
  onChange,
  title,
  testIdPrefix,
  className = 'status-tabs',
}: {
  keys: readonly K[];
  active: K;
  onChange: (key: K) => void;
  title: (key: K) => ReactNode;
  testIdPrefix: string;
  className?: string;
}) {
  return (
    <Tabs activeKey={active} onChange={(key) => onChange(key as K)} className={className}>
      {keys.map((key) => (
        <Tabs.Tab key={key} title={<span data-testid={`${testIdPrefix}-${key}`}>{title(key)}</span>} />
      ))}
    </Tabs>
  );
}
