import { useEffect, useState } from 'react';
import { timeLeft, untilNextSecond } from '../model/quote-clock.ts';

/**
 * Milliseconds left until `deadline` (local ms, from model/quote-clock's localDeadline), read from the clock at
 * every render and re-rendered on each whole second of the time left (so the seconds change when the server's
 * do, and 0 comes exactly at expiry); 0 without a deadline. Called once per page: the form and the confirmation
 * both show its value, so they cannot disagree.
 */
export function useQuoteCountdown(deadline: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      const wait = untilNextSecond(timeLeft(deadline, Date.now()));
      if (wait === null) return;
      timer = setTimeout(() => {
        setTick((n) => n + 1);
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, [deadline]);
  return deadline === null ? 0 : timeLeft(deadline, Date.now());
}
