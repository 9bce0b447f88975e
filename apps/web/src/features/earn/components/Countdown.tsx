import { formatCountdown, useCountdown } from '@web/lib/use-countdown.ts';
import { useTranslation } from 'react-i18next';
import { localDeadline, splitDays } from '../model/clock.ts';

/**
 * The time left until `arrivesAt` on the server's clock (`offset`: server − device), ticking: "mm:ss", "h:mm:ss",
 * then "{days} d h:mm:ss" for days away; "Arriving…" once it has come.
 */
export function Countdown({ arrivesAt, offset }: { arrivesAt: string; offset: number }) {
  const { t } = useTranslation();
  const left = useCountdown(localDeadline(arrivesAt, offset));
  const { days, rest } = splitDays(left);
  return (
    <span className="earn-countdown" data-testid="earn-countdown" role="timer">
      {left <= 0
        ? t('earn.result.arriving')
        : days > 0
          ? t('earn.result.daysTime', { days, time: formatCountdown(rest) })
          : formatCountdown(left)}
    </span>
  );
}
