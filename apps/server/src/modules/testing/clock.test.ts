import { productionEnv } from '@server/config.testing.ts';
import { ConfigError, loadConfig } from '@server/config.ts';
import { AppError } from '@server/lib/errors.ts';
import { describe, expect, it } from 'vitest';
import { serverClock, TestClock } from './clock.ts';

const START = new Date('2030-01-02T00:10:00Z');

describe('TestClock', () => {
  it('starts at the given instant and then flows with real time', () => {
    let real = 1_000_000;
    const clock = new TestClock(START, () => real);
    expect(clock.now().toISOString()).toBe('2030-01-02T00:10:00.000Z');
    real += 1500;
    expect(clock.now().toISOString()).toBe('2030-01-02T00:10:01.500Z');
  });

  it('moves forward to an instant and flows on from there', () => {
    let real = 0;
    const clock = new TestClock(START, () => real);
    expect(clock.moveTo(new Date('2030-01-03T00:00:30Z')).toISOString()).toBe('2030-01-03T00:00:30.000Z');
    real += 250;
    expect(clock.now().toISOString()).toBe('2030-01-03T00:00:30.250Z');
    // Moving to the clock's own now is allowed (nothing goes back).
    expect(clock.moveTo(clock.now()).toISOString()).toBe('2030-01-03T00:00:30.250Z');
  });

  it('never goes back: an earlier instant is refused and the clock is unchanged', () => {
    let real = 0;
    const clock = new TestClock(START, () => real);
    real += 10;
    let error: unknown;
    try {
      clock.moveTo(new Date('2030-01-02T00:09:59Z'));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 400,
      key: 'test_clock.backwards',
      vars: { now: '2030-01-02T00:10:00.010Z' },
    });
    expect(clock.now().toISOString()).toBe('2030-01-02T00:10:00.010Z');
  });
});

describe('serverClock', () => {
  it('is the real clock without TEST_CLOCK: no test clock, now is the time of day', () => {
    const { now, testClock } = serverClock(loadConfig({}));
    expect(testClock).toBeUndefined();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('reads the test clock with TEST_CLOCK', () => {
    const { now, testClock } = serverClock(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: START.toISOString() }));
    if (!(testClock instanceof TestClock)) throw new Error('expected a test clock');
    expect(Math.abs(now().getTime() - START.getTime())).toBeLessThan(1000);
    testClock.moveTo(new Date('2031-05-06T07:08:09Z'));
    expect(Math.abs(now().getTime() - Date.parse('2031-05-06T07:08:09Z'))).toBeLessThan(1000);
  });

  it('"now" starts the test clock at the time of start-up', () => {
    const { now, testClock } = serverClock(loadConfig({ TEST_CLOCK: 'now' }));
    expect(testClock).toBeDefined();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });

  it('refuses a test clock in a production configuration, even one built by hand', () => {
    const config = { ...loadConfig({ TEST_CLOCK: 'now' }), env: 'production' as const };
    expect(() => serverClock(config)).toThrow('TEST_CLOCK is not allowed in production');
  });
});

describe('TEST_CLOCK configuration', () => {
  const production = productionEnv;

  it('is off unless set, and a valid production configuration loads without it', () => {
    expect(loadConfig({}).testClock).toBeUndefined();
    expect(loadConfig(production).testClock).toBeUndefined();
  });

  it('is refused in production, with the variable named', () => {
    for (const value of ['now', '2030-01-02T00:10:00Z']) {
      expect(() => loadConfig({ ...production, TEST_CLOCK: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...production, TEST_CLOCK: value })).toThrow(
        'TEST_CLOCK: must not be set in production',
      );
    }
  });

  it('takes "now" or an ISO 8601 instant, nothing else', () => {
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: '2030-01-02T02:10:00+02:00' }).testClock).toEqual({
      start: START,
    });
    for (const value of ['tomorrow', '2030-01-02', '1893456000000', ''])
      expect(() => loadConfig({ TEST_CLOCK: value })).toThrow(
        /TEST_CLOCK: must be "now" or an ISO 8601 instant/,
      );
  });
});
