import type { WithdrawStatus } from '@agc/shared';
import { useTranslation } from 'react-i18next';

/** The status of a withdrawal in its colour; `data-status` holds the raw value. */
export function WithdrawStatusTag({ status, testId }: { status: WithdrawStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`status-tag status-tag--${status.toLowerCase()}`}
      data-testid={testId}
      data-status={status}
    >
      {t(`withdraw.status.${status}`)}
    </span>
  );
}
