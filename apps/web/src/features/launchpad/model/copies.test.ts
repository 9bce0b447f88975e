import { describe, expect, it } from 'vitest';
import {
  agcOf,
  buyBlock,
  canAfford,
  clampCopies,
  costOf,
  maxCopies,
  releaseEndsAt,
  soldPercent,
} from './copies.ts';

const round = { state: 'Open' as const, remaining: 10, per_member_limit: 5, my_copies: 0 };

describe('launchpad copies', () => {
  it('allows min(left, limit − held) copies of an open round only', () => {
    expect(maxCopies(round)).toBe(5);
    expect(maxCopies({ ...round, my_copies: 3 })).toBe(2);
    expect(maxCopies({ ...round, remaining: 1 })).toBe(1);
    expect(maxCopies({ ...round, my_copies: 5 })).toBe(0);
    expect(maxCopies({ ...round, my_copies: 9 })).toBe(0);
    expect(maxCopies({ ...round, state: 'Upcoming' })).toBe(0);
    expect(maxCopies({ ...round, state: 'SoldOut', remaining: 0 })).toBe(0);
  });

  it('names why a member cannot buy', () => {
    expect(buyBlock(round)).toBeNull();
    expect(buyBlock({ ...round, state: 'SoldOut', remaining: 0 })).toBe('soldOut');
    expect(buyBlock({ ...round, remaining: 0 })).toBe('soldOut');
    expect(buyBlock({ ...round, my_copies: 5 })).toBe('limit');
    expect(buyBlock({ ...round, state: 'Ended' })).toBe('notOpen');
    expect(buyBlock({ ...round, state: 'Closed' })).toBe('notOpen');
  });

  it('keeps the stepper within 1..max', () => {
    expect(clampCopies(0, 5)).toBe(1);
    expect(clampCopies(7, 5)).toBe(5);
    expect(clampCopies(2.7, 5)).toBe(2);
    expect(clampCopies(Number.NaN, 5)).toBe(1);
    expect(clampCopies(3, 0)).toBe(1);
  });

  it('computes cost and AGC exactly in minor units', () => {
    expect(costOf('0.1', 3)).toBe('0.3');
    expect(costOf('500', 200)).toBe('100000');
    expect(costOf('0.000001', 7)).toBe('0.000007');
    expect(agcOf('0.000000000000000001', 3)).toBe('0.000000000000000003');
    expect(agcOf('1000', 2)).toBe('2000');
  });

  it('compares available USDT with the cost as bigint', () => {
    expect(canAfford('100', '100')).toBe(true);
    expect(canAfford('99.999999', '100')).toBe(false);
    expect(canAfford('not a number', '1')).toBe(false);
  });

  it('ends the linear release linear days after it starts', () => {
    expect(releaseEndsAt('2026-01-01T00:00:00.000Z', 30)).toBe('2026-01-31T00:00:00.000Z');
    expect(releaseEndsAt('2026-01-01T00:00:00.000Z', 0)).toBe('2026-01-01T00:00:00.000Z');
  });

  it('shows the share sold', () => {
    expect(soldPercent(50, 200)).toBe(25);
    expect(soldPercent(200, 200)).toBe(100);
    expect(soldPercent(0, 0)).toBe(0);
  });
});
