import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '../../../components/Segmented.tsx';
import { type DayRange, presetRange, RANGE_PRESETS, type RangePreset, rangeProblem } from '../model/range.ts';

/**
 * The range: the last 7, 30 or 90 UTC days, or custom days (checked here as the server checks them; a bad range is
 * never sent). Calls `onChange` with the chosen range.
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
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (p: RangePreset) => {
    setPreset(p);
    setProblem(null);
    if (p !== 'custom') onChange(presetRange(p, today));
    else setDraft(value);
  };
  const apply = () => {
    const bad = rangeProblem(draft, today);
    setProblem(bad);
    if (!bad) onChange(draft);
  };

  return (
    <div className="analytics-range" data-testid="analytics-range">
      <Segmented
        options={[
          ...RANGE_PRESETS.map((d) => ({ key: d as RangePreset, label: t('analytics.days', { days: d }) })),
          { key: 'custom' as RangePreset, label: t('analytics.custom') },
        ]}
        value={preset}
        onChange={choose}
        label={t('analytics.range')}
        testIdPrefix="analytics-preset"
      />
      {preset === 'custom' && (
        <div className="analytics-custom">
          <label>
            <span className="muted small">{t('analytics.from')}</span>
            <input
              type="date"
              value={draft.from}
              max={today}
              data-testid="analytics-from"
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </label>
          <label>
            <span className="muted small">{t('analytics.to')}</span>
            <input
              type="date"
              value={draft.to}
              max={today}
              data-testid="analytics-to"
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </label>
          <button type="button" className="btn btn-secondary" data-testid="analytics-apply" onClick={apply}>
            {t('analytics.apply')}
          </button>
        </div>
      )}
      {problem && (
        <p className="error-text small" role="alert" data-testid="analytics-range-error">
          {t(`analytics.problem.${problem}`)}
        </p>
      )}
    </div>
  );
}
