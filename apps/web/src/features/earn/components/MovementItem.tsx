import type { EarnMovement } from '@agc/shared';
import { ItemButton } from '@web/components/ItemButton.tsx';
import { formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { MovementStatus } from './MovementStatus.tsx';

/**
 * One transfer in a list: in or out, amount, state, when; a Pending out says when it arrives. The whole item
 * opens the transfer's result page.
 */
export function MovementItem({
  movement,
  onOpen,
}: {
  movement: EarnMovement;
  onOpen: (m: EarnMovement) => void;
}) {
  const { t } = useTranslation();
  const m = movement;
  return (
    <ItemButton className="earn-movement" data-testid={`earn-movement-${m.id}`} onClick={() => onOpen(m)}>
      <span className="earn-movement__head">
        <span className="earn-movement__kind">{t(`earn.kind.${m.kind}`)}</span>
        <MovementStatus status={m.status} testId="earn-movement-status" />
      </span>
      <span className="earn-movement__amount" data-testid="earn-movement-amount">
        {m.kind === 'In' ? '+' : '−'}
        {formatUsdt(m.amount_usdt)}
      </span>
      <span className="muted small">{formatEventTime(m.created_at, t)}</span>
      {m.status === 'Pending' && m.arrives_at && (
        <span className="small earn-movement__arrives" data-testid="earn-movement-arrives">
          {t('earn.arrives', { time: formatEventTime(m.arrives_at, t) })}
        </span>
      )}
      {m.status === 'Arrived' && m.arrived_at && (
        <span className="muted small">{t('earn.arrivedAt', { time: formatEventTime(m.arrived_at, t) })}</span>
      )}
    </ItemButton>
  );
}
