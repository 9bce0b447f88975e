import { DateField } from '@web/components/DateField.tsx';
import { useTranslation } from 'react-i18next';
import type { SettlementPreview } from '../api/get-settlement-preview.ts';
import { todayUtc } from '../format.ts';

/** The day choice (UTC calendar days up to today, entered as YYYY-MM-DD), whether the day is settled, and the next day to settle. */
export function SettlementDayCard({
  day,
  data,
  nextDay,
  onPick,
}: {
  day: string | null;
  data: SettlementPreview | undefined;
  nextDay: string | null;
  onPick: (day: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <div className="settlement-day-row">
        <div className="settlement-day">
          <DateField
            label={t('settlement.day')}
            value={day}
            max={todayUtc()}
            onChange={onPick}
            testId="settlement-day"
          />
        </div>
        {data && (
          <span
            className={`status-tag${data.run ? ' status-tag--success' : ' status-tag--unpaid'}`}
            data-testid="settlement-state"
            data-state={data.run ? 'settled' : 'open'}
          >
            {t(data.run ? 'settlement.settled' : 'settlement.notSettled')}
          </span>
        )}
      </div>
      {nextDay && (
        <p className="muted small settlement-next" data-testid="settlement-next-day">
          {t('settlement.nextDay', { day: nextDay })}
        </p>
      )}
      <p className="muted small settlement-utc">{t('settlement.utcNote')}</p>
    </section>
  );
}
