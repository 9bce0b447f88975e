import type { LaunchpadRound } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import { soldPercent } from '../model/copies.ts';
import '../launchpad.css';

/** Copies sold of all (a bar) and, while copies can still be bought (open or upcoming), the copies left. */
export function RoundProgress({
  round,
  testIdPrefix,
}: {
  round: Pick<LaunchpadRound, 'sold' | 'copies' | 'remaining' | 'state'>;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const percent = soldPercent(round.sold, round.copies);
  return (
    <div className="lp-progress">
      <div
        className="lp-progress-bar"
        role="progressbar"
        aria-label={t('launchpad.list.progress')}
        aria-valuemin={0}
        aria-valuemax={round.copies}
        aria-valuenow={round.sold}
        aria-valuetext={t('launchpad.list.soldOf', { sold: round.sold, copies: round.copies })}
      >
        <span className="lp-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <div className="lp-progress-text small">
        <span data-testid={`${testIdPrefix}-sold`}>
          {t('launchpad.list.soldOf', { sold: round.sold, copies: round.copies })}
        </span>
        {(round.state === 'Open' || round.state === 'Upcoming') && (
          <strong data-testid={`${testIdPrefix}-remaining`}>
            {t('launchpad.list.left', { count: round.remaining })}
          </strong>
        )}
      </div>
    </div>
  );
}
