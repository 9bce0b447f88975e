import { describe, expect, it } from 'vitest';
import { merge } from './cache-bus.ts';

describe('merging invalidations into one NOTIFY', () => {
  it('unites ids and lets a wider kind cover a narrower one', () => {
    expect(
      merge([
        { kind: 'figures', ids: [1n, 2n] },
        { kind: 'figures', ids: [2n, 3n] },
        { kind: 'members', ids: [9n] },
        { kind: 'sessions', ids: ['a'] },
        { kind: 'sessions', ids: ['a', 'b'] },
        { kind: 'sessionsOf', userId: 4n },
      ]),
    ).toEqual([
      { kind: 'figures', ids: [1n, 2n, 3n] },
      { kind: 'members', ids: [9n] },
      { kind: 'sessions', ids: ['a', 'b'] },
      { kind: 'sessionsOf', userId: 4n },
    ]);
    expect(
      merge([{ kind: 'figures', ids: [1n] }, { kind: 'allFigures' }, { kind: 'members', ids: [2n] }]),
    ).toEqual([{ kind: 'allFigures' }, { kind: 'members', ids: [2n] }]);
    expect(
      merge([{ kind: 'members', ids: [2n] }, { kind: 'all' }, { kind: 'sessions', ids: ['s'] }]),
    ).toEqual([{ kind: 'all' }, { kind: 'sessions', ids: ['s'] }]);
  });
});
