import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ActivityStore, AUTO_LOCK_IDLE_MS, AutoLock, installAutoLock } from './auto-lock.ts';

const MIN = 60_000;

function memoryStore(): ActivityStore & { value: number | null } {
  return {
    value: null,
    read() {
      return this.value;
    },
    write(t) {
      this.value = t;
    },
  };
}

function setup(start = 1_000_000) {
  let now = start;
  const store = memoryStore();
  const auto = new AutoLock({ now: () => now, store });
  const lock = vi.fn();
  const locked = vi.fn();
  auto.onLocked(locked);
  return {
    auto,
    store,
    lock,
    locked,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('auto-lock', () => {
  it('locks after 15 minutes idle, not before', () => {
    const s = setup();
    s.auto.arm(s.lock);
    expect(AUTO_LOCK_IDLE_MS).toBe(15 * MIN);
    s.advance(15 * MIN - 1);
    expect(s.auto.check()).toBe(false);
    expect(s.lock).not.toHaveBeenCalled();
    s.advance(1);
    expect(s.auto.check()).toBe(true);
    expect(s.lock).toHaveBeenCalledTimes(1);
    expect(s.locked).toHaveBeenCalledTimes(1);
    // Locked once: later checks do nothing until it is armed again.
    s.advance(MIN);
    expect(s.auto.check()).toBe(false);
    expect(s.lock).toHaveBeenCalledTimes(1);
    expect(s.auto.armed).toBe(false);
  });

  it('activity starts the idle time again', () => {
    const s = setup();
    s.auto.arm(s.lock);
    s.advance(10 * MIN);
    s.auto.touch();
    s.advance(10 * MIN);
    expect(s.auto.check()).toBe(false);
    s.advance(5 * MIN);
    expect(s.auto.check()).toBe(true);
  });

  it('a wall-clock jump while asleep locks at wake, and the waking tap does not extend the time', () => {
    const s = setup();
    s.auto.arm(s.lock);
    s.advance(20 * MIN); // the phone slept: no timer ran
    s.auto.touch(); // the tap that wakes it
    expect(s.lock).toHaveBeenCalledTimes(1);
    expect(s.store.value).toBe(1_000_000); // the lapsed activity time was not renewed
  });

  it('counts another tab’s activity (the stored time)', () => {
    const s = setup();
    s.auto.arm(s.lock);
    s.advance(14 * MIN);
    s.store.value = s.now(); // another tab was used
    s.advance(14 * MIN);
    expect(s.auto.check()).toBe(false);
    s.advance(MIN);
    expect(s.auto.check()).toBe(true);
  });

  it('unlocking starts a fresh idle time even after a long-idle stored time; disarmed does nothing', () => {
    const s = setup();
    s.store.value = 1; // an hour-old activity of an earlier session
    s.auto.touch(); // not armed: nothing recorded
    expect(s.store.value).toBe(1);
    s.auto.arm(s.lock);
    expect(s.auto.check()).toBe(false);
    s.auto.disarm();
    s.advance(60 * MIN);
    expect(s.auto.check()).toBe(false);
    expect(s.lock).not.toHaveBeenCalled();
  });

  it('installed: the timer, visibilitychange, focus and pageshow check; pointer and key events are activity', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(5_000_000);
    const store = memoryStore();
    const auto = new AutoLock({ store });
    const lock = vi.fn();
    const uninstall = installAutoLock(window, auto, 15_000);
    auto.arm(lock);

    vi.setSystemTime(5_000_000 + 10 * MIN);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    expect(store.value).toBe(5_000_000 + 10 * MIN);
    vi.setSystemTime(5_000_000 + 24 * MIN);
    window.dispatchEvent(new Event('pointerdown'));
    vi.setSystemTime(5_000_000 + 38 * MIN);
    window.dispatchEvent(new Event('focus'));
    expect(lock).not.toHaveBeenCalled();
    // The timer: 15 minutes after the last activity, at its next tick.
    vi.setSystemTime(5_000_000 + 39 * MIN);
    vi.advanceTimersByTime(15_000);
    expect(lock).toHaveBeenCalledTimes(1);

    // Asleep: the clock jumps, no timer tick; the page becoming visible locks.
    auto.arm(lock);
    vi.setSystemTime(Date.now() + 20 * MIN);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(lock).toHaveBeenCalledTimes(2);

    auto.arm(lock);
    vi.setSystemTime(Date.now() + 16 * MIN);
    window.dispatchEvent(new Event('pageshow'));
    expect(lock).toHaveBeenCalledTimes(3);

    uninstall();
    auto.arm(lock);
    vi.setSystemTime(Date.now() + 16 * MIN);
    window.dispatchEvent(new Event('focus'));
    vi.advanceTimersByTime(60_000);
    expect(lock).toHaveBeenCalledTimes(3);
  });
});
