import type { EarnMovement } from '@agc/shared';
import { StatusTag } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';

/** A transfer's state in its colour: Completed (in), Pending, Arrived (out). */
export function MovementStatus({ status, testId }: { status: EarnMovement['status']; testId?: string }) {
  const { t } = useTranslation();
  return <StatusTag status={`earn-${status}`} label={t(`earn.status.${status}`)} testId={testId} />;
}
