import { type WithdrawStatus, withdrawStatus } from '@agc/shared';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';

/** Auditing first: it is the tab with work to do (and the server's default). */
export const AUDIT_STATUSES: readonly WithdrawStatus[] = withdrawStatus.options;

/** The status tabs of the audit page; each title is `withdraw-audit-tab-<status>`. */
export function StatusTabs({
  active,
  onChange,
}: {
  active: WithdrawStatus;
  onChange: (status: WithdrawStatus) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs activeKey={active} onChange={(key) => onChange(key as WithdrawStatus)} className="status-tabs">
      {AUDIT_STATUSES.map((status) => (
        <Tabs.Tab
          key={status}
          title={
            <span data-testid={`withdraw-audit-tab-${status}`}>{t(`withdrawAudit.status.${status}`)}</span>
          }
        />
      ))}
    </Tabs>
  );
}
