import type { WithdrawStatus } from '@agc/shared';
import { useTranslation } from 'react-i18next';

/** A withdrawal's status in its colour; `data-status` holds the raw value. */
export function WithdrawStatusTag({ status, testId }: { status: WithdrawStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`status-tag withdraw-audit-status--${status.toLowerCase()}`}
      data-testid={testId}
      data-status={status}
    >
      {t(`withdrawAudit.status.${status}`)}
    </span>
  );
}
