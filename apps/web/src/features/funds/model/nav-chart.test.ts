import { describe, expect, it } from 'vitest';
import { changePercent, NAV_BOX, navChartModel } from './nav-chart.ts';

describe('navChartModel', () => {
  it('draws nothing without points', () => {
    expect(navChartModel([]).path).toBe('');
  });

  it('puts the lowest NAV low and the highest high, oldest on the left', () => {
    const m = navChartModel([
      { day: '2026-11-01', nav: '1.0' },
      { day: '2026-11-02', nav: '1.1' },
      { day: '2026-11-03', nav: '1.05' },
    ]);
    const [a, b, c] = m.dots;
    expect(a?.x).toBe(NAV_BOX.left);
    expect(c?.x).toBe(NAV_BOX.width - NAV_BOX.right);
    expect(b && a && b.y < a.y).toBe(true);
    expect(c && a && b && c.y < a.y && c.y > b.y).toBe(true);
    for (const d of m.dots) expect(d.y).toBeGreaterThanOrEqual(NAV_BOX.top);
    for (const d of m.dots) expect(d.y).toBeLessThanOrEqual(NAV_BOX.bottom);
    expect(m.path.startsWith('M')).toBe(true);
    expect(m.changePercent).toBe('+5.00');
    expect(m.labels.map((l) => l.day)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    // The last label ends at its point, inside the box (centred, "11-03" ran past the right edge).
    expect(m.labels.map((l) => l.anchor)).toEqual(['middle', 'middle', 'end']);
    const last = m.labels.at(-1);
    expect(last && last.x <= NAV_BOX.width - NAV_BOX.right).toBe(true);
  });

  it('keeps a flat line inside the plot', () => {
    const m = navChartModel([{ day: '2026-11-01', nav: '1' }]);
    expect(m.dots[0]?.y).toBeGreaterThan(NAV_BOX.top);
    expect(m.dots[0]?.y).toBeLessThan(NAV_BOX.bottom);
    expect(m.changePercent).toBeNull();
  });

  it('states the change in percent, truncated, signed', () => {
    expect(changePercent(100_000_000n, 98_765_432n)).toBe('-1.23');
    expect(changePercent(100_000_000n, 100_000_000n)).toBe('0.00');
  });
});
