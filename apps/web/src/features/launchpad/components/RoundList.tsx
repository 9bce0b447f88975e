import type { LaunchpadRound } from '@agc/shared';
import { EmptyState } from '@web/components/EmptyState.tsx';
import { ItemButton } from '@web/components/ItemButton.tsx';
import { LoadFailed, LoadingState } from '@web/components/LoadState.tsx';
import { PullRefresh } from '@web/components/PullRefresh.tsx';
import { formatAgc, formatEventTime, formatUsdt } from '@web/lib/format.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLaunchpadRounds } from '../api/get-rounds.ts';
import { RoundProgress } from './RoundProgress.tsx';
import { RoundStateTag } from './RoundStateTag.tsx';
import '../launchpad.css';

/** One round of the list: name and state, copies sold and left, price and AGC per copy, its window. */
export function RoundItem({ round, onOpen }: { round: LaunchpadRound; onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <ItemButton className="item-stack" data-testid={`lp-round-${round.id}`} onClick={() => onOpen(round.id)}>
      <span className="item-stack-head">
        <span className="item-stack-name">{round.name}</span>
        <RoundStateTag state={round.state} testId="lp-round-state" />
      </span>
      <RoundProgress round={round} testIdPrefix="lp-round" />
      <span className="item-figures">
        <span>
          <span className="muted small">{t('launchpad.fields.price')}</span>
          <span data-testid="lp-round-price">{formatUsdt(round.price_usdt)}</span>
        </span>
        <span>
          <span className="muted small">{t('launchpad.fields.agcPerCopy')}</span>
          <span data-testid="lp-round-agc">{formatAgc(round.agc_per_copy)}</span>
        </span>
      </span>
      <span className="muted small lp-item-window" data-testid="lp-round-window">
        {t('launchpad.list.window', {
          start: formatEventTime(round.starts_at, t),
          end: formatEventTime(round.ends_at, t),
        })}
      </span>
    </ItemButton>
  );
}

/** Every round: skeletons while loading, Load Failed with a retry, an empty state; pull to refresh. */
export function RoundList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation();
  const rounds = useLaunchpadRounds();
  let body: ReactNode;
  if (rounds.isPending) body = <LoadingState testId="lp-rounds-loading" rows={4} />;
  else if (rounds.isError)
    body = <LoadFailed testId="lp-rounds-error" error={rounds.error} onRetry={() => void rounds.refetch()} />;
  else if (rounds.data.length === 0)
    body = (
      <div data-testid="lp-rounds-empty">
        <EmptyState description={t('launchpad.list.empty')} />
      </div>
    );
  else
    body = (
      <div className="lp-list" data-testid="lp-rounds">
        {rounds.data.map((r) => (
          <RoundItem key={r.id} round={r} onOpen={onOpen} />
        ))}
      </div>
    );
  return <PullRefresh onRefresh={() => rounds.refetch()}>{body}</PullRefresh>;
}
