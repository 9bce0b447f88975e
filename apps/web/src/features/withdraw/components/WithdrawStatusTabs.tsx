import { type WithdrawStatus, withdrawStatus } from '@agc/shared';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';

export const WITHDRAW_FILTERS = ['all', ...withdrawStatus.options] as const;
export type WithdrawFilter = (typeof WITHDRAW_FILTERS)[number];

export const filterStatus = (filter: WithdrawFilter): WithdrawStatus | undefined =>
  filter === 'all' ? undefined : filter;

/**
 * The status tabs of a withdrawal list; each title is `<testIdPrefix>-<key>` (clickable in tests and
 * e2e). The member's list has "All" first (`all`); the audit page has the statuses alone, Auditing
 * first: it is the tab with work to do (and the server's default).
 */
export function WithdrawStatusTabs(
  props: { testIdPrefix?: string } & (
    | { all: true; active: WithdrawFilter; onChange: (filter: WithdrawFilter) => void }
    | { all?: false; active: WithdrawStatus; onChange: (status: WithdrawStatus) => void }
  ),
) {
  const { t } = useTranslation();
  const prefix = props.testIdPrefix ?? 'withdraw-tab';
  const keys: readonly WithdrawFilter[] = props.all ? WITHDRAW_FILTERS : withdrawStatus.options;
  return (
    <Tabs
      activeKey={props.active}
      onChange={(key) =>
        props.all ? props.onChange(key as WithdrawFilter) : props.onChange(key as WithdrawStatus)
      }
      className="status-tabs"
    >
      {keys.map((key) => (
        <Tabs.Tab
          key={key}
          title={
            <span data-testid={`${prefix}-${key}`}>
              {t(key === 'all' ? 'withdraw.all' : `withdraw.status.${key}`)}
            </span>
          }
        />
      ))}
    </Tabs>
  );
}
