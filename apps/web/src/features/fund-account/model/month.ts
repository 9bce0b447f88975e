const pad = (n: number) => String(n).padStart(2, '0');

/** The month of a Date in UTC (bills are per UTC calendar month, like the job on the 1st). */
export const monthOf = (date: Date): string => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${pad(m - 1)}`;
}
