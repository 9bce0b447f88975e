import { describe, expect, it } from 'vitest';
import { presetRange, rangeProblem } from './range.ts';
import { chartData } from './series.ts';

describe('analytics ranges', () => {
  it('a preset is that many days up to today, across months and years', () => {
    expect(presetRange(7, '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(presetRange(30, '2026-01-10')).toEqual({ from: '2025-12-12', to: '2026-01-10' });
    expect(presetRange(1, '2026-01-10')).toEqual({ from: '2026-01-10', to: '2026-01-10' });
  });

  it('names what is wrong with a custom range, as the server does', () => {
    const today = '2026-03-02';
    expect(rangeProblem({ from: '2026-02-01', to: '2026-03-02' }, today)).toBeNull();
    expect(rangeProblem({ from: '2026-02-30', to: '2026-03-01' }, today)).toBe('day_invalid');
    expect(rangeProblem({ from: '', to: '2026-03-01' }, today)).toBe('day_invalid');
    expect(rangeProblem({ from: '2026-03-01', to: '2026-02-01' }, today)).toBe('range_order');
    expect(rangeProblem({ from: '2025-02-28', to: '2026-03-01' }, today)).toBe('range_too_long');
    expect(rangeProblem({ from: '2025-03-02', to: '2026-03-02' }, today)).toBeNull(); // 366 days
    expect(rangeProblem({ from: '2026-03-01', to: '2026-03-03' }, today)).toBe('range_future');
  });

  it('charts the days at 00:00 UTC with one series per figure', () => {
    const day = (d: string, v: string) => ({ day: d, live: false, figures: { shop_usdt: v } as never });
    expect(chartData([day('2026-01-01', '1.5'), day('2026-01-02', '0')], ['shop_usdt'])).toEqual([
      [1767225600, 1767312000],
      [1.5, 0],
    ]);
  });
});
