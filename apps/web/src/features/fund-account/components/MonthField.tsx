import DatePicker from 'antd-mobile/es/components/date-picker';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '../../../components/Icons.tsx';
import { isMonth } from '../model/month.ts';

const pad = (n: number) => String(n).padStart(2, '0');
const toDate = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(y, m - 1, 1);
};
const fromDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;

/**
 * A calendar month YYYY-MM in every language, like components/DateField for days: typed or chosen with the
 * picker (month precision), up to `max`; empty means every month (the clear button). `onChange` gets a valid
 * month or null.
 */
export function MonthField({
  label,
  value,
  max,
  onChange,
  testId,
}: {
  label: string;
  value: string | null;
  max?: string;
  onChange: (month: string | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  useEffect(() => setText(value ?? ''), [value]);
  const inRange = (month: string) => isMonth(month) && (!max || month <= max);

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
          placeholder={t('fund.bills.allMonths')}
          maxLength={7}
          aria-invalid={text !== '' && !inRange(text)}
          data-testid={testId}
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            setText(next);
            if (inRange(next) && next !== value) onChange(next);
            else if (next === '' && value !== null) onChange(null);
          }}
          onBlur={() => setText(value ?? '')}
        />
        <button
          type="button"
          className="icon-button date-field-button"
          aria-label={t('fund.bills.chooseMonth')}
          data-testid={testId && `${testId}-picker`}
          onClick={() => setOpen(true)}
        >
          <CalendarIcon />
        </button>
        {value !== null && (
          <button
            type="button"
            className="btn-link"
            data-testid={testId && `${testId}-clear`}
            onClick={() => onChange(null)}
          >
            {t('fund.bills.allMonths')}
          </button>
        )}
      </div>
      <DatePicker
        visible={open}
        title={label}
        precision="month"
        max={max ? toDate(max) : undefined}
        value={value ? toDate(value) : undefined}
        onClose={() => setOpen(false)}
        onConfirm={(date) => {
          const month = fromDate(date);
          if (month !== value) onChange(month);
        }}
      />
    </div>
  );
}
