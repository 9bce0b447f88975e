import type { WithdrawStatus } from '@agc/shared';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';

export const WITHDRAW_FILTERS = ['all', 'Auditing', 'Withdrawable', 'Success', 'Rejected'] as const;
export type WithdrawFilter = (typeof WITHDRAW_FILTERS)[number];

export const filterStatus = (filter: WithdrawFilter): WithdrawStatus | undefined =>
  filter === 'all' ? undefined : filter;

/** The list's status filter; each title is `withdraw-tab-<filter>` (clickable in tests and e2e). */
export function WithdrawStatusTabs({
  active,
  onChange,
}: {
  active: WithdrawFilter;
  onChange: (filter: WithdrawFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs activeKey={active} onChange={(key) => onChange(key as WithdrawFilter)} className="status-tabs">
      {WITHDRAW_FILTERS.map((key) => (
        <Tabs.Tab
          key={key}
          title={
            <span data-testid={`withdraw-tab-${key}`}>
              {t(key === 'all' ? 'withdraw.all' : `withdraw.status.${key}`)}
            </span>
          }
        />
      ))}
    </Tabs>
  );
}
