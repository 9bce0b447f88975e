import { useTranslation } from 'react-i18next';
import { useTimeLeft } from '../hooks/use-server-clock.ts';
import { countdownParts } from '../model/clock.ts';

/** The time left until `arrivesAt` on the server's clock, ticking; "Arriving…" once it has come. */
export function Countdown({ arrivesAt, offset }: { arrivesAt: string; offset: number }) {
  const { t } = useTranslation();
  const left = useTimeLeft(arrivesAt, offset);
  const { days, time } = countdownParts(left);
  return (
    <span className="earn-countdown" data-testid="earn-countdown" role="timer">
      {left <= 0 ? t('earn.result.arriving') : days > 0 ? t('earn.result.daysTime', { days, time }) : time}
    </span>
  );
}
