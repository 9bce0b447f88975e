import type { VitalsDay } from '@agc/shared';
import { describe, expect, it } from 'vitest';
import { daysOf, formatVital, topRoutes, vitalsChartData } from './vitals.ts';

const row = (
  day: string,
  route: string,
  lcp: number | null,
  n: number,
  cls: number | null = null,
): VitalsDay => ({
  day,
  route,
  lcp_ms: lcp,
  inp_ms: null,
  cls_e4: cls,
  lcp_samples: lcp === null ? 0 : n,
  inp_samples: 0,
  cls_samples: cls === null ? 0 : n,
});

describe('vitals on the analytics page', () => {
  const list = [
    row('2026-03-01', 'home', 1200, 40, 500),
    row('2026-03-01', 'login', 900, 70),
    row('2026-03-03', 'home', 1500, 10),
    row('2026-03-03', 'shop', null, 5, 1200),
  ];

  it('draws the routes with the most page views, each day its p75 or a gap', () => {
    const routes = topRoutes(list, 'lcp_ms');
    expect(routes).toEqual(['login', 'home']);
    const days = daysOf('2026-03-01', '2026-03-03');
    expect(days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(vitalsChartData(list, days, routes, 'lcp_ms')).toEqual([
      [1772323200, 1772409600, 1772496000],
      [900, null, null],
      [1200, null, 1500],
    ]);
    expect(vitalsChartData(list, days, topRoutes(list, 'cls_e4'), 'cls_e4').slice(1)).toEqual([
      [0.05, null, null],
      [null, null, 0.12],
    ]);
  });

  it('shows milliseconds and CLS on their own scales, a dash for no value', () => {
    expect(formatVital('lcp_ms', 12345)).toBe('12,345 ms');
    expect(formatVital('cls_e4', 500)).toBe('0.05');
    expect(formatVital('cls_e4', 1234)).toBe('0.1234');
    expect(formatVital('inp_ms', null)).toBe('—');
  });
});
