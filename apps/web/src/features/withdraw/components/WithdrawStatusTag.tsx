import type { WithdrawStatus } from '@agc/shared';
import { StatusTag, type StatusTone } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

// Withdrawable keeps its own amber (withdraw.css), a shade lighter than the waiting tone.
const TONE: Partial<Record<WithdrawStatus, StatusTone>> = {
  Auditing: 'info',
  Success: 'success',
  Rejected: 'danger',
};

/** The status of a withdrawal in its colour; `data-status` holds the raw value. */
export function WithdrawStatusTag({ status, testId }: { status: WithdrawStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusTag status={status} label={t(`withdraw.status.${status}`)} testId={testId} tone={TONE[status]} />
  );
}
