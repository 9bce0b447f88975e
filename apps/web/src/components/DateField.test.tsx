import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { applyLanguage } from '@web/lib/i18n/index.ts';
import { LOCALES } from '@web/lib/i18n/languages.ts';
import { cleanupPage } from '@web/test/cleanup.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateField, isDay, isMinute } from './DateField.tsx';

afterEach(async () => {
  await applyLanguage('en');
  await cleanupPage();
});

// The settlement day once showed mm/dd/yyyy (the browser's date input) while every date the app
// shows reads YYYY-MM-DD; the field now reads YYYY-MM-DD in every language.
describe('DateField', () => {
  it('says a month that does not exist (2026-13) instead of taking it silently', () => {
    const onChange = vi.fn();
    render(<DateField label="Month" precision="month" value={null} onChange={onChange} testId="month" />);
    const input = screen.getByTestId('month') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2026-13' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByTestId('month-error').textContent).toBe('Not a date: write it as YYYY-MM');
    fireEvent.blur(input);
    expect(input.value).toBe('2026-13');
    fireEvent.change(input, { target: { value: '2026-12' } });
    expect(onChange).toHaveBeenCalledWith('2026-12');
    expect(screen.queryByTestId('month-error')).toBeNull();
  });

  it.each(LOCALES)('shows the day as YYYY-MM-DD in %s, with a named picker button', async (locale) => {
    await applyLanguage(locale);
    render(<DateField label="Day" value="2025-01-31" onChange={() => undefined} testId="day" />);
    const input = screen.getByTestId('day') as HTMLInputElement;
    expect(input.value).toBe('2025-01-31');
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('YYYY-MM-DD');
    expect(screen.getByLabelText('Day')).toBe(input);
    const button = screen.getByTestId('day-picker');
    expect(button.getAttribute('aria-label')).toBeTruthy();
    expect(button.getAttribute('aria-label')).not.toBe('common.chooseDate');
    expect(document.querySelector('input[type="date"]')).toBeNull();
  });

  it('passes on a typed day once it is a real day within the range, and puts back anything else on blur', () => {
    const onChange = vi.fn();
    render(
      <DateField
        label="Day"
        value="2025-01-01"
        min="2024-01-01"
        max="2025-06-30"
        onChange={onChange}
        testId="day"
      />,
    );
    const input = screen.getByTestId('day') as HTMLInputElement;
    for (const wrong of ['2025-0', '2025-02-30', '2025-07-01', '2023-12-31'])
      fireEvent.change(input, { target: { value: wrong } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // A whole entry out of the range is said, not dropped silently; a partial one is put back on blur.
    expect(screen.getByTestId('day-error').textContent).toBe('Choose a date from 2024-01-01 to 2025-06-30');
    fireEvent.change(input, { target: { value: '2025-0' } });
    expect(screen.queryByTestId('day-error')).toBeNull();
    fireEvent.blur(input);
    expect(input.value).toBe('2025-01-01');
    fireEvent.change(input, { target: { value: '2025-03-15' } });
    expect(onChange).toHaveBeenCalledWith('2025-03-15');
  });

  it('the picker opens on the calendar button; confirming passes the day it shows, as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    render(
      <DateField
        label="Day"
        value={null}
        min="2025-01-01"
        max="2025-06-30"
        onChange={onChange}
        testId="day"
      />,
    );
    fireEvent.click(screen.getByTestId('day-picker'));
    const confirm = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.adm-picker-header-button:last-child');
      if (!button) throw new Error('picker not open');
      return button;
    });
    fireEvent.click(confirm);
    // Nothing chosen yet: the picker starts at today, kept within the range (its last day here).
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('2025-06-30'));
  });

  it('shows the form’s message about the field under it, linked to the input', () => {
    const { rerender } = render(
      <DateField label="Day" value="2025-01-01" onChange={() => undefined} testId="day" error={null} />,
    );
    const input = screen.getByTestId('day');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    rerender(
      <DateField label="Day" value="2025-01-01" onChange={() => undefined} testId="day" error="Too early" />,
    );
    const message = screen.getByTestId('day-error');
    expect(message.textContent).toBe('Too early');
    expect(message.className).toBe('field-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });

  it.each(LOCALES)('precision="minute" reads YYYY-MM-DD HH:mm (24-hour clock) in %s', async (locale) => {
    await applyLanguage(locale);
    render(
      <DateField
        label="Start"
        value="2026-12-01 18:30"
        precision="minute"
        onChange={() => undefined}
        testId="t"
      />,
    );
    const input = screen.getByTestId('t') as HTMLInputElement;
    expect(input.value).toBe('2026-12-01 18:30');
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('YYYY-MM-DD HH:mm');
    expect(document.querySelector('input[type="datetime-local"]')).toBeNull();
  });

  it('precision="minute" passes on a real day and time only; twelve digits or an ISO "T" are read the same', () => {
    const onChange = vi.fn();
    render(
      <DateField label="Start" value="2026-12-01 10:00" precision="minute" onChange={onChange} testId="t" />,
    );
    const input = screen.getByTestId('t') as HTMLInputElement;
    for (const bad of [
      '2026-12-01',
      '2026-12-01 9:00',
      '2026-12-01 24:00',
      '2026-02-30 10:00',
      '12/01/2026 10:00',
    ])
      fireEvent.change(input, { target: { value: bad } });
    expect(onChange).not.toHaveBeenCalled();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('t-error').textContent).toBe('Not a date: write it as YYYY-MM-DD HH:mm');
    fireEvent.change(input, { target: { value: '2026-12' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2026-12-01 10:00');
    fireEvent.change(input, { target: { value: '202612021530' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-02 15:30');
    expect(input.value).toBe('2026-12-02 15:30');
    fireEvent.change(input, { target: { value: '2026-12-03T07:05' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-12-03 07:05');
  });

  it('isDay knows real calendar days', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-1-01')).toBe(false);
    expect(isMinute('2024-02-29 23:59')).toBe(true);
    expect(isMinute('2024-02-29 24:00')).toBe(false);
    expect(isMinute('2024-02-29 12:60')).toBe(false);
  });
});
