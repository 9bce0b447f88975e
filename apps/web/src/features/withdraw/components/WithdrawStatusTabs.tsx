import { type WithdrawStatus, withdrawStatus } from '@agc/shared';
import { StatusTabs } from '@web/components/StatusTabs.tsx';
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
  // Without "All" every key is a status.
  const keys: readonly WithdrawFilter[] = props.all ? WITHDRAW_FILTERS : withdrawStatus.options;
  return (
    <StatusTabs
      keys={keys}
      active={props.active}
      onChange={(key) => (props.all ? props.onChange(key) : props.onChange(key as WithdrawStatus))}
      title={(key) => t(key === 'all' ? 'withdraw.all' : `withdraw.status.${key}`)}
      testIdPrefix={props.testIdPrefix ?? 'withdraw-tab'}
      label={t('withdraw.fields.status')}
    />
  );
}
