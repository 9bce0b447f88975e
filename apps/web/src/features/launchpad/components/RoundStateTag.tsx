import type { LaunchpadRoundState } from '@agc/shared';
import { StatusTag, type StatusTone } from '@web/components/StatusTag.tsx';
import { useTranslation } from 'react-i18next';
import '../launchpad.css';

const TONE: Record<LaunchpadRoundState, StatusTone> = {
  Upcoming: 'info',
  Open: 'success',
  SoldOut: 'warning',
  Ended: 'neutral',
  Closed: 'neutral',
};

/** A round's state in its colour: Upcoming, Open, Sold out, Ended, Closed. */
export function RoundStateTag({ state, testId }: { state: LaunchpadRoundState; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusTag
      status={`lp-${state}`}
      label={t(`launchpad.state.${state}`)}
      testId={testId}
      tone={TONE[state]}
    />
  );
}
