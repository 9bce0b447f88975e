import DatePicker from 'antd-mobile/es/components/date-picker';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from './Icons.tsx';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day 'YYYY-MM-DD' as the picker's local Date (its wheels show local calendar fields). */
const toDate = (day: string) => {
  const [, y, m, d] = DAY.exec(day) ?? [];
  return new Date(Number(y), Number(m) - 1, Number(d));
};
const fromDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** A real calendar day in YYYY-MM-DD (not 2025-02-30). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  return fromDate(toDate(text)) === text;
}

/**
 * A date entry that reads YYYY-MM-DD in every language, like every date the app shows (a browser's
 * `type="date"` shows the device's format: mm/dd/yyyy, yyyy/mm/dd, dd.mm.yyyy …): typed (numeric keyboard)
 * or chosen with the calendar button's picker (antd-mobile DatePicker between `min` and `max`). `onChange`
 * gets a valid day within the range only; anything else typed is put back on blur.
 */
export function DateField({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: string | null;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value ?? ''), [value]);

  const inRange = (day: string) => isDay(day) && (!min || day >= min) && (!max || day <= max);
  const type = (next: string) => {
    setText(next);
    if (inRange(next) && next !== value) onChange(next);
  };

  return (
    <div className="date-field">
      <label className="date-field-label muted small" htmlFor={id}>
        {label}
      </label>
      <div className="date-field-row">
        <input
          id={id}
          className="input date-field-input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="YYYY-MM-DD"
          maxLength={10}
          pattern="\d{4}-\d{2}-\d{2}"
          aria-invalid={text !== '' && !inRange(text)}
          data-testid={testId}
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={() => setText(value ?? '')}
        />
        <button
          type="button"
          className="icon-button date-field-button"
          aria-label={t('common.chooseDate')}
          data-testid={testId && `${testId}-picker`}
          onClick={() => setOpen(true)}
        >
          <CalendarIcon />
        </button>
      </div>
      <DatePicker
        visible={open}
        title={label}
        precision="day"
        min={min ? toDate(min) : undefined}
        max={max ? toDate(max) : undefined}
        value={value && isDay(value) ? toDate(value) : undefined}
        onClose={() => setOpen(false)}
        onConfirm={(date) => {
          const day = fromDate(date);
          if (day !== value) onChange(day);
        }}
      />
    </div>
  );
}
