import type { LaunchpadRoundState } from '@agc/shared';
import { statusTagOf } from '@web/components/StatusTag.tsx';
import '../launchpad.css';

/** A round's state in its colour: Upcoming, Open, Sold out, Ended, Closed. */
export const RoundStateTag = statusTagOf<LaunchpadRoundState>('lp', 'launchpad.state', {
  Upcoming: 'info',
  Open: 'success',
  SoldOut: 'warning',
  Ended: 'neutral',
  Closed: 'neutral',
});
