import type { EarnMovement } from '@agc/shared';
import { statusTagOf } from '@web/components/StatusTag.tsx';

/** A transfer's state in its colour: Completed (in), Pending, Arrived (out). */
export const MovementStatus = statusTagOf<EarnMovement['status']>('earn', 'earn.status', {
  Pending: 'warning',
  Arrived: 'success',
  Completed: 'success',
});
