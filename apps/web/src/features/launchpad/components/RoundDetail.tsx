import type { LaunchpadRound } from '@agc/shared';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { FieldRows } from '@web/components/FieldRows.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import { buyBlock } from '../model/copies.ts';
import { ReleaseLine } from './ReleaseLine.tsx';
import { RoundProgress } from './RoundProgress.tsx';
import { RoundStateTag } from './RoundStateTag.tsx';
import '../launchpad.css';

/** A round's page: name, state, copies sold and left, every fact (release included), my copies, Buy. */
export function RoundDetail({ round, onBuy }: { round: LaunchpadRound; onBuy: () => void }) {
  const { t } = useTranslation();
  const block = buyBlock(round);
  const days = (count: number) => t('launchpad.days', { count });
  return (
    <div className="lp-detail" data-testid="lp-detail">
      <section className="card">
        <div className="item-stack-head">
          <h2 className="item-stack-name" data-testid="lp-detail-name">
            {round.name}
          </h2>
          <RoundStateTag state={round.state} testId="lp-detail-state" />
        </div>
        {round.description.trim() && (
          <p className="lp-description" data-testid="lp-detail-description">
            {round.description}
          </p>
        )}
        <RoundProgress round={round} testIdPrefix="lp-detail" />
      </section>
      <section className="card">
        <FieldRows
          labelPrefix="launchpad.fields"
          testIdPrefix="lp-detail"
          rows={[
            ['price', formatUsdt(round.price_usdt)],
            ['agcPerCopy', formatAgc(round.agc_per_copy)],
            ['copies', String(round.copies)],
            ['limit', String(round.per_member_limit)],
            ['mine', String(round.my_copies)],
            ['starts', formatEventTime(round.starts_at, t)],
            ['ends', formatEventTime(round.ends_at, t)],
            ['cliff', days(round.cliff_days)],
            ['linear', days(round.linear_days)],
            ['releaseStarts', formatEventTime(round.release_starts_at, t)],
          ]}
        />
        <ReleaseLine
          releaseStartsAt={round.release_starts_at}
          linearDays={round.linear_days}
          testId="lp-detail-release"
        />
      </section>
      <div className="lp-actions">
        {block && (
          <p className="muted small lp-block" data-testid="lp-detail-block">
            {t(`launchpad.detail.block.${block === 'notOpen' ? round.state : block}`)}
          </p>
        )}
        <BlockButton variant="primary" testId="lp-buy" disabled={block !== null} onClick={onBuy}>
          {t('launchpad.detail.buy')}
        </BlockButton>
      </div>
    </div>
  );
}
