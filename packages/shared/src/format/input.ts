// Form-control limits shared by every text input, picker and date picker of the app.

/** Text inputs accept at most 140 characters unless a field says otherwise. */
export const TEXT_INPUT_MAXLENGTH = 140;

/** Cuts a text to `max` characters, counting code points so an emoji is never split in half. */
export function limitText(text: string, max: number = TEXT_INPUT_MAXLENGTH): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join('');
}

/** A picker's selected index: an integer inside [0, length) is kept, anything else resets to 0. */
export function pickerIndex(value: unknown, length: number): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < length ? n : 0;
}

/** Date pickers span 150 years either side of the current year. */
export const DATE_RANGE_YEARS = 150;

/** The date picker range: 1 January of (year - 150) to 31 December of (year + 150), local time. */
export function datePickerRange(now: Date = new Date()): { min: Date; max: Date } {
  const year = now.getFullYear();
  const min = new Date(0);
  min.setFullYear(year - DATE_RANGE_YEARS, 0, 1);
  min.setHours(0, 0, 0, 0);
  const max = new Date(0);
  max.setFullYear(year + DATE_RANGE_YEARS, 11, 31);
  max.setHours(23, 59, 59, 999);
  return { min, max };
}

/** Clamps a date into the picker range. */
export function clampToDateRange(date: Date, now: Date = new Date()): Date {
  const { min, max } = datePickerRange(now);
  if (date.getTime() < min.getTime()) return min;
  if (date.getTime() > max.getTime()) return max;
  return date;
}
