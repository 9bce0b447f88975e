import type { AppContext } from '@server/context.ts';
import { describe, expect, it } from 'vitest';
import { uptimeSeconds } from './service.ts';

describe('uptime', () => {
  it('is 0, not -1, on the first probe of a new app (its state begins then)', () => {
    // Each context gets its own state; a fresh one is a fresh app as far as the ops state goes.
    const fresh = () =>
      ({ config: { ops: { metrics: { cacheMs: 1000, solvencyCacheMs: 1000 } } } }) as unknown as AppContext;
    for (let i = 0; i < 50; i++) expect(uptimeSeconds(fresh())).toBe(0);
  });
});
