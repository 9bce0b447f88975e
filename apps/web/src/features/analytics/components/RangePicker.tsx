import { DateField, isDay } from '@web/components/DateField.tsx';
import { Segmented } from '@web/components/Segmented.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DayRange,
  presetRange,
  RANGE_PRESETS,
  type RangePreset,
  type RangeProblem,
  rangeProblem,
} from '../model/range.ts';

/**
 * The range: the last 7, 30 or 90 UTC days, or custom days typed or picked as YYYY-MM-DD (DateField, up to today)
 * and checked here as the server checks them: a bad range is said under its field and never sent. Calls `onChange`
 * with the chosen range.
 */
export function RangePicker({
  today,
  value,
  onChange,
}: {
  today: string;
  value: DayRange;
  onChange: (r: DayRange) => void;
}) {
  const { t } = useTranslation();
  const presetOf = (r: DayRange): RangePreset =>
    RANGE_PRESETS.find((d) => {
      const p = presetRange(d, today);
      return p.from === r.from && p.to === r.to;
    }) ?? 'custom';
  const [preset, setPreset] = useState<RangePreset>(presetOf(value));
  const [draft, setDraft] = useState<DayRange>(value);
  const [problem, setProblem] = useState<RangeProblem | null>(null);

  const choose = (p: RangePreset) => {
    setPreset(p);
    setProblem(null);
    if (p !== 'custom') onChange(presetRange(p, today));
    else setDraft(value);
  };
  const change = (next: DayRange) => {
    setDraft(next);
    setProblem(null);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const bad = rangeProblem(draft, today);
    setProblem(bad);
    if (!bad) onChange(draft);
  };
  // A day that is not one concerns its own field; the range's order, length and end are said under "To".
  const message = problem && t(`analytics.problem.${problem}`);
  const onFrom = problem === 'day_invalid' && !isDay(draft.from);

  return (
    <div className="analytics-range" data-testid="analytics-range">
      <Segmented
        options={[
          ...RANGE_PRESETS.map((d) => ({ key: d as RangePreset, label: t('count.day', { count: d }) })),
          { key: 'custom' as RangePreset, label: t('analytics.custom') },
        ]}
        value={preset}
        onChange={choose}
        label={t('analytics.range')}
        testIdPrefix="analytics-preset"
      />
      {preset === 'custom' && (
        <form className="analytics-custom" onSubmit={apply} noValidate>
          <DateField
            label={t('analytics.from')}
            value={draft.from}
            max={today}
            onChange={(from) => change({ ...draft, from })}
            testId="analytics-from"
            error={onFrom ? message : null}
          />
          <DateField
            label={t('analytics.to')}
            value={draft.to}
            max={today}
            onChange={(to) => change({ ...draft, to })}
            testId="analytics-to"
            error={onFrom ? null : message}
          />
          <button type="submit" className="btn btn-secondary" data-testid="analytics-apply">
            {t('analytics.apply')}
          </button>
        </form>
      )}
    </div>
  );
}
