import DatePicker from 'antd-mobile/es/components/date-picker';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from './Icons.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MINUTE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** The numbers of 'YYYY-MM', 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm' (absent parts: the first day, midnight). */
const fieldsOf = (text: string) => {
  const [y = 0, m = 1, d = 1, h = 0, min = 0] = text.split(/[- :]/).map(Number);
  return { y, m, d, h, min };
};
/** The text as the picker's local Date (its wheels show local calendar fields; the text names no time zone). */
const toDate = (text: string) => {
  const { y, m, d, h, min } = fieldsOf(text);
  return new Date(y, m - 1, d, h, min);
};
const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const monthOfDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
const minuteOf = (date: Date) => `${dayOf(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** Whether the fields name a real calendar moment (not 2025-02-30, not 24:00), whatever the device's time zone. */
const real = (text: string) => {
  const { y, m, d, h, min } = fieldsOf(text);
  const u = new Date(Date.UTC(y, m - 1, d, h, min));
  return (
    u.getUTCFullYear() === y &&
    u.getUTCMonth() === m - 1 &&
    u.getUTCDate() === d &&
    u.getUTCHours() === h &&
    u.getUTCMinutes() === min
  );
};

/** A real calendar day in YYYY-MM-DD (not 2025-02-30). */
export const isDay = (text: string): boolean => DAY.test(text) && real(text);

/** A calendar month in YYYY-MM (01–12). */
export const isMonth = (text: string): boolean => MONTH.test(text);

/** A real day and time in YYYY-MM-DD HH:mm (24-hour clock). */
export const isMinute = (text: string): boolean => MINUTE.test(text) && real(text);

/**
 * A typed day and time read as YYYY-MM-DD HH:mm: also with a 'T' for the space (an ISO time pasted) or as twelve
 * digits (a phone's numeric keyboard has no ':').
 */
const minuteTyped = (text: string) => {
  const t = text.trim();
  const digits = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(t);
  if (digits) return `${digits[1]}-${digits[2]}-${digits[3]} ${digits[4]}:${digits[5]}`;
  return t.replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/, '$1 $2');
};
const asTyped = (text: string) => text;

const PRECISION = {
  day: {
    valid: isDay,
    format: dayOf,
    typed: asTyped,
    placeholder: 'YYYY-MM-DD',
    length: 10,
    pattern: '\\d{4}-\\d{2}-\\d{2}',
  },
  month: {
    valid: isMonth,
    format: monthOfDate,
    typed: asTyped,
    placeholder: 'YYYY-MM',
    length: 7,
    pattern: undefined,
  },
  minute: {
    valid: isMinute,
    format: minuteOf,
    typed: minuteTyped,
    placeholder: 'YYYY-MM-DD HH:mm',
    length: 16,
    pattern: '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}',
  },
} as const;

/**
 * A date entry that reads YYYY-MM-DD (or YYYY-MM with `precision="month"`, or YYYY-MM-DD HH:mm on a 24-hour clock
 * with `precision="minute"`) in every language, like every date the app shows (a browser's `type="date"` or
 * `datetime-local` shows the device's format: mm/dd/yyyy, yyyy/mm/dd, dd.mm.yyyy, 12-hour clocks …): typed
 * (numeric keyboard) or chosen with the calendar button's picker (antd-mobile DatePicker between `min` and `max`).
 * The text names no time zone: the caller says which one it means. `onChange` gets a valid value within the range
 * only; a whole entry that is not one ("2026-13", or past `max`) says so under the field and stays until corrected
 * (it is never taken silently); a partial one is put back on blur. With `onClear` the field may be emptied (typed empty, or its
 * clear button labelled `clearLabel`), e.g. "every month". `error`: the form's message about this field, shown
 * under it (`.field-error`, test id `<testId>-error`) and linked to the input.
 */
export function DateField({
  label,
  value,
  min,
  max,
  onChange,
  onClear,
  clearLabel,
  placeholder,
  pickerLabel,
  precision = 'day',
  testId,
  error,
}: {
  label: string;
  value: string | null;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
  onClear?: () => void;
  clearLabel?: string;
  placeholder?: string;
  pickerLabel?: string;
  precision?: 'day' | 'month' | 'minute';
  testId?: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value ?? ''), [value]);
  const p = PRECISION[precision];

  const inRange = (v: string) => p.valid(v) && (!min || v >= min) && (!max || v <= max);
  /** A whole entry that is not a date of this precision, or not within the range: said, not dropped. */
  const wrong = text.trim().length >= p.length && !inRange(p.typed(text));
  const shownError =
    error ??
    (wrong
      ? p.valid(p.typed(text))
        ? t('dateField.outOfRange', { min: min ?? '…', max: max ?? '…' })
        : t('dateField.invalid', { pattern: p.placeholder })
      : null);
  const type = (typed: string) => {
    const next = p.typed(typed);
    setText(inRange(next) ? next : typed);
    if (inRange(next) && next !== value) onChange(next);
    else if (next === '' && value !== null) onClear?.();
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
          placeholder={placeholder ?? p.placeholder}
          maxLength={p.length}
          pattern={p.pattern}
          aria-invalid={(text !== '' && !inRange(text)) || Boolean(shownError)}
          aria-describedby={shownError ? errorId : undefined}
          data-testid={testId}
          value={text}
          onChange={(event) => type(event.target.value)}
          onBlur={() => {
            if (!wrong) setText(value ?? '');
          }}
        />
        <button
          type="button"
          className="icon-button date-field-button"
          aria-label={pickerLabel ?? t('common.chooseDate')}
          data-testid={testId && `${testId}-picker`}
          onClick={() => setOpen(true)}
        >
          <CalendarIcon />
        </button>
        {onClear && value !== null && (
          <button
            type="button"
            className="btn-link"
            data-testid={testId && `${testId}-clear`}
            onClick={onClear}
          >
            {clearLabel}
          </button>
        )}
      </div>
      {shownError && (
        <p id={errorId} className="field-error" role="alert" data-testid={testId && `${testId}-error`}>
          {shownError}
        </p>
      )}
      <DatePicker
        visible={open}
        title={label}
        precision={precision}
        min={min ? toDate(min) : undefined}
        max={max ? toDate(max) : undefined}
        value={value && p.valid(value) ? toDate(value) : undefined}
        onClose={() => setOpen(false)}
        onConfirm={(date) => {
          const next = p.format(date);
          if (next !== value) onChange(next);
        }}
      />
    </div>
  );
}
