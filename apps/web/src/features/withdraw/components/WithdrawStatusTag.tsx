import type { WithdrawStatus } from '@agc/shared';
import { StatusTag } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

/** The status of a withdrawal in its colour (withdraw.css); `data-status` holds the raw value. */
export function WithdrawStatusTag({ status, testId }: { status: WithdrawStatus; testId?: string }) {
  const { t } = useTranslation();
  return <StatusTag status={status} label={t(`withdraw.status.${status}`)} testId={testId} />;
}
