import { describe, expect, it } from 'vitest';
import { navDayRange } from './NavPublishCard.tsx';

describe('NAV day of the publish form', () => {
  it('starts at the next NAV day, after the latest, not after today', () => {
    expect(navDayRange({ nav_day: '2025-03-09', next_nav_day: '2025-03-10' }, '2025-03-12')).toEqual({
      min: '2025-03-10',
      max: '2025-03-12',
      start: '2025-03-10',
    });
    expect(navDayRange({ nav_day: null, next_nav_day: '2025-03-13' }, '2025-03-12')).toEqual({
      min: undefined,
      max: '2025-03-12',
      start: '2025-03-12',
    });
    expect(navDayRange({ nav_day: '2024-12-31', next_nav_day: '2025-01-01' }, '2025-01-01').start).toBe(
      '2025-01-01',
    );
  });
});
