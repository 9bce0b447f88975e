import type { Config } from '@server/config.ts';
import type { AppContext } from '@server/context.ts';
import { badRequest } from '@server/lib/errors.ts';

/**
 * A server clock for tests (TEST_CLOCK): real time flows, shifted by an offset that only grows, so the
 * end-to-end tests can let a day end and settle it. It never runs backwards, as real time does not: a
 * settled day can never receive another confirmation, and the days a test left behind stay consistent.
 */
export class TestClock {
  private offsetMs: number;

  constructor(
    start: Date,
    private readonly realNow: () => number = Date.now,
  ) {
    this.offsetMs = start.getTime() - realNow();
  }

  now(): Date {
    return new Date(this.realNow() + this.offsetMs);
  }

  /** Jumps to `to` (from there time flows on); an instant before the clock's now is refused. */
  moveTo(to: Date): Date {
    const now = this.now();
    if (to.getTime() < now.getTime()) throw badRequest('test_clock.backwards', { now: now.toISOString() });
    this.offsetMs = to.getTime() - this.realNow();
    return this.now();
  }
}

/** The context's clock: the real one, or a TestClock when the configuration asks for it (never in production). */
export function serverClock(config: Config): Pick<AppContext, 'now' | 'testClock'> {
  if (!config.testClock) return { now: () => new Date() };
  // loadConfig already refuses TEST_CLOCK in production; a hand-built configuration must not slip through.
  if (config.env === 'production') throw new Error('TEST_CLOCK is not allowed in production');
  const clock = new TestClock(config.testClock.start);
  return { now: () => clock.now(), testClock: clock };
}
