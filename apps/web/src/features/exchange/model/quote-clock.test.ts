import { describe, expect, it } from 'vitest';
import { makeQuote } from '../testing/fixtures.ts';
import { clocked, localDeadline, timeLeft, untilNextSecond } from './quote-clock.ts';

describe('quote clock', () => {
  it('puts the expiry on the local clock, so a device an hour behind still counts the server’s 30 s', () => {
    const quote = makeQuote({
      server_time: '2026-03-01T12:00:00.000Z',
      expires_at: '2026-03-01T12:00:30.000Z',
    });
    const arrived = Date.parse('2026-03-01T11:00:00.000Z');
    const deadline = localDeadline(clocked(quote, arrived));
    expect(deadline).toBe(Date.parse('2026-03-01T11:00:30.000Z'));
    expect(timeLeft(deadline, arrived)).toBe(30_000);
    expect(timeLeft(deadline, arrived + 29_999)).toBe(1);
    expect(timeLeft(deadline, arrived + 30_000)).toBe(0);
    expect(timeLeft(deadline, arrived + 90_000)).toBe(0);
  });

  it('counts an unreadable expiry as expired', () => {
    const quote = makeQuote({ expires_at: 'soon' });
    expect(timeLeft(localDeadline(clocked(quote, Date.now())), Date.now())).toBe(0);
  });

  it('ticks on whole seconds of the time left', () => {
    expect(untilNextSecond(30_000)).toBe(1000);
    expect(untilNextSecond(29_250)).toBe(250);
    expect(untilNextSecond(1)).toBe(1);
    expect(untilNextSecond(0)).toBeNull();
  });
});
