import type { EarnMovement } from '@agc/shared';
import { StatusTag, type StatusTone } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

const TONE: Record<EarnMovement['status'], StatusTone> = {
  Pending: 'warning',
  Arrived: 'success',
  Completed: 'success',
};

/** A transfer's state in its colour: Completed (in), Pending, Arrived (out). */
export function MovementStatus({ status, testId }: { status: EarnMovement['status']; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusTag
      status={`earn-${status}`}
      label={t(`earn.status.${status}`)}
      testId={testId}
      tone={TONE[status]}
    />
  );
}
