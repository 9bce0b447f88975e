import type { EarnMovement } from '@agc/shared';
import { openPage } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { flattenEarnMovements, useEarnMovements } from '../api/get-earn-movements.ts';
import { MovementItem } from './MovementItem.tsx';

/** Opens a transfer's result page (its state, arrival and countdown). */
export const openMovement = (m: EarnMovement) => openPage(withQuery(paths.earnResult, { id: m.id }));

/**
 * The transfers out on their way, each with its arrival time (the server lists Pending outs first: the first
 * page holds them). Nothing when there is none; a failed read says nothing here (the figures' card shows the
 * page's error, and the records list has them all).
 */
export function PendingOuts() {
  const { t } = useTranslation();
  const outs = useEarnMovements('Out');
  const pending = flattenEarnMovements(outs.data?.pages).filter((m) => m.status === 'Pending');
  if (pending.length === 0) return null;
  return (
    <section className="earn-pending" data-testid="earn-pending">
      <h2 className="earn-section-title">{t('earn.pending.title')}</h2>
      <ul className="list">
        {pending.map((m) => (
          <li key={m.id}>
            <MovementItem movement={m} onOpen={openMovement} />
          </li>
        ))}
      </ul>
    </section>
  );
}
