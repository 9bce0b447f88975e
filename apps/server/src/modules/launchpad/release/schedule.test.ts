import { describe, expect, it } from 'vitest';
import { DAY_MS, nextReleaseAt, releaseStart, vestedAgc } from './schedule.ts';

const AGC = 10n ** 18n;
const terms = { endsAt: new Date('2026-01-01T00:00:00Z'), cliffDays: 30, linearDays: 180 };
const start = releaseStart(terms);
const at = (ms: number) => new Date(start.getTime() + ms);

describe('launchpad release schedule', () => {
  it('starts after the cliff', () => {
    expect(start.toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(vestedAgc(400n * AGC, terms, at(-1))).toBe(0n);
  });

  it('releases one step at the start and one more each whole day, rounded down, all on the last step', () => {
    const agc = 400n * AGC + 7n;
    expect(vestedAgc(agc, terms, at(0))).toBe(agc / 180n);
    expect(vestedAgc(agc, terms, at(DAY_MS - 1))).toBe(agc / 180n);
    expect(vestedAgc(agc, terms, at(DAY_MS))).toBe((agc * 2n) / 180n);
    expect(vestedAgc(agc, terms, at(178 * DAY_MS))).toBe((agc * 179n) / 180n);
    expect(vestedAgc(agc, terms, at(179 * DAY_MS))).toBe(agc);
    expect(vestedAgc(agc, terms, at(5_000 * DAY_MS))).toBe(agc);
    let prev = 0n;
    for (let d = 0; d < 181; d++) {
      const v = vestedAgc(agc, terms, at(d * DAY_MS));
      expect(v).toBeGreaterThanOrEqual(prev);
      expect(v).toBeLessThanOrEqual(agc);
      prev = v;
    }
  });

  it('without linear days releases everything at the start', () => {
    const t = { ...terms, linearDays: 0 };
    expect(vestedAgc(5n, t, at(-1))).toBe(0n);
    expect(vestedAgc(5n, t, at(0))).toBe(5n);
    expect(nextReleaseAt(5n, 0n, t, at(-1))).toEqual(start);
    expect(nextReleaseAt(5n, 5n, t, at(0))).toBeNull();
  });

  it('names the next release: the start, a due step not moved yet, the next day, or none', () => {
    const agc = 180n * AGC;
    expect(nextReleaseAt(agc, 0n, terms, at(-5))).toEqual(start);
    expect(nextReleaseAt(agc, 0n, terms, at(10))).toEqual(start);
    expect(nextReleaseAt(agc, AGC, terms, at(10))).toEqual(at(DAY_MS));
    expect(nextReleaseAt(agc, agc, terms, at(10))).toBeNull();
  });
});
