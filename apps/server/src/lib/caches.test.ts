import { defined } from '@agc/shared/defined';
import { describe, expect, it } from 'vitest';
import {
  applyInvalidation,
  createCaches,
  decodeInvalidation,
  encodeInvalidation,
  type Invalidation,
} from './caches.ts';

const snapshot = (id: bigint) =>
  ({
    id,
    address: '0x',
    inviteCode: 'X',
    createdAt: new Date(),
    invitedCount: 0,
    depth: 0,
    roles: [],
  }) as const;

describe('cache invalidation between processes', () => {
  it('drops what it names: members (snapshot and /me), sessions, every session of a member, all', () => {
    const c = createCaches(60_000);
    c.members.set(1n, { ...snapshot(1n), roles: [] });
    c.members.set(2n, { ...snapshot(2n), roles: [] });
    c.sessions.set('s1', { userId: 1n, revokedAt: null, expiresAt: new Date() });
    c.sessions.set('s2', { userId: 1n, revokedAt: null, expiresAt: new Date() });
    c.sessions.set('s3', { userId: 2n, revokedAt: null, expiresAt: new Date() });
    c.me.set(1n, {} as never);
    c.me.set(2n, {} as never);
    c.limits.set(1n, {} as never);
    c.limits.set(2n, {} as never);
    // A balance moved: the /me and withdraw/limit answers go, the snapshot (who the member is) stays.
    applyInvalidation(c, { kind: 'figures', ids: [1n] });
    expect([c.me.get(1n), c.limits.get(1n), c.members.get(1n)?.id]).toEqual([undefined, undefined, 1n]);
    expect(c.limits.get(2n)).toBeDefined();
    applyInvalidation(c, { kind: 'allFigures' });
    expect([c.me.get(2n), c.limits.get(2n), c.members.get(2n)?.id]).toEqual([undefined, undefined, 2n]);
    applyInvalidation(c, { kind: 'members', ids: [1n] });
    expect(c.members.get(1n)).toBeUndefined();
    expect(c.members.get(2n)).toBeDefined();
    applyInvalidation(c, { kind: 'sessions', ids: ['s3'] });
    expect(c.sessions.get('s3')).toBeUndefined();
    applyInvalidation(c, { kind: 'sessionsOf', userId: 1n });
    expect([c.sessions.get('s1'), c.sessions.get('s2')]).toEqual([undefined, undefined]);
    applyInvalidation(c, { kind: 'all' });
    expect(c.members.get(2n)).toBeUndefined();
  });

  it('round-trips through NOTIFY payloads, ignores its own and unreadable ones, stays under 8000 bytes', () => {
    const msgs: Invalidation[] = [
      { kind: 'figures', ids: [5n] },
      { kind: 'allFigures' },
      { kind: 'members', ids: [5n, 7n] },
      { kind: 'sessions', ids: ['abc'] },
      { kind: 'sessionsOf', userId: 9n },
      { kind: 'all' },
    ];
    for (const inv of msgs) {
      const [payload] = encodeInvalidation('p1', inv);
      expect(decodeInvalidation('p2', defined(payload))).toEqual(inv);
      expect(decodeInvalidation('p1', defined(payload))).toBeNull();
    }
    expect(decodeInvalidation('p2', 'not json')).toBeNull();
    // Many members: one "all"; many sessions: several messages, each small.
    const many = encodeInvalidation('p1', {
      kind: 'members',
      ids: Array.from({ length: 5000 }, (_, i) => BigInt(i)),
    });
    expect(many.map((p) => decodeInvalidation('p2', p))).toEqual([{ kind: 'all' }]);
    const manyFigures = encodeInvalidation('p1', {
      kind: 'figures',
      ids: Array.from({ length: 5000 }, (_, i) => BigInt(i)),
    });
    expect(manyFigures.map((p) => decodeInvalidation('p2', p))).toEqual([{ kind: 'allFigures' }]);
    const sessions = encodeInvalidation('p1', {
      kind: 'sessions',
      ids: Array.from({ length: 450 }, () => 'x'.repeat(24)),
    });
    expect(sessions).toHaveLength(3);
    for (const p of sessions) expect(Buffer.byteLength(p)).toBeLessThan(8000);
  });

  it('a load that started before an invalidation does not store its stale result', async () => {
    const c = createCaches(60_000);
    let release!: () => void;
    const slow = c.members.getOrLoad(
      1n,
      () =>
        new Promise((r) => {
          release = () => r({ ...snapshot(1n), roles: [] });
        }),
    );
    applyInvalidation(c, { kind: 'members', ids: [1n] });
    release();
    await slow;
    expect(c.members.get(1n)).toBeUndefined();
  });
});
