import { defined } from '@agc/shared/defined';
import { invalidate } from '@server/lib/caches.ts';
import { TEAM_COUNT_LIVE_LIMIT } from '@server/modules/me/repository.ts';
import type { Member } from '@server/modules/members/index.ts';
import { seedProducts } from '@server/modules/shop/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyDirectly, newWallet, signUp, startTestServer, type TestServer } from './helpers.ts';

// The team page once said "Team members 0" above an active member: the team sizes of /me were the daily settlement's
// (team_state); they are now counted from the placement tree on every /me load, so a sign-up or a first
// purchase below a member shows at once, before any settlement, and agrees with the team list.

let s: TestServer;
const h: Record<string, Record<string, string>> = {};
const m: Record<string, Member> = {};

const get = (who: string, url: string) =>
  s.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: { ...h[who], 'accept-language': 'en' } });
const me = async (who: string) => (await get(who, 'me')).json().data;
const teamList = async (who: string) => {
  const body = (await get(who, 'me/team?scope=team&size=50')).json().data;
  return body.list as Array<{ address: string; status: string }>;
};
const join = async (who: string, inviter: string, side: 'left' | 'right') => {
  ({ headers: h[who], member: m[who] } = await signUp(s, newWallet(), {
    invite_code: defined(m[inviter]).inviteCode,
    side,
  }));
};

/** A purchase confirmed as the chain watcher confirms one, which then drops the cached /me answers. */
const buy = async (who: string) => {
  await buyDirectly(s.ctx, defined(m[who]), 1);
  invalidate(s.ctx, { kind: 'allFigures' });
};

beforeAll(async () => {
  s = await startTestServer();
  await seedProducts(s.ctx.db);
  ({ headers: h.R, member: m.R } = await signUp(s, newWallet()));
  await join('A', 'R', 'left');
});
afterAll(() => s.close());

describe('live team counts on /me', () => {
  it('a member joining and investing changes the sponsors’ counts at once, before any settlement', async () => {
    // Read (and cache) the counts first: the sign-up must make the cached answer stale.
    expect(await me('R')).toMatchObject({ team_size_all: 1, team_size_valid: 0, team_counts_as_of: null });
    expect(await me('A')).toMatchObject({ team_size_all: 0, team_size_valid: 0 });

    await join('B', 'A', 'right');
    expect(await me('R')).toMatchObject({ team_size_all: 2, team_size_valid: 0 });
    expect(await me('A')).toMatchObject({ team_size_all: 1, team_size_valid: 0 });

    await buy('B');
    expect(await me('R')).toMatchObject({ team_size_all: 2, team_size_valid: 1, team_counts_as_of: null });
    expect(await me('A')).toMatchObject({ team_size_all: 1, team_size_valid: 1 });
    // The member's own purchase is not in its own team.
    expect(await me('B')).toMatchObject({ team_size_all: 0, team_size_valid: 0 });
  });

  it('the counts agree with the team list', async () => {
    await join('C', 'R', 'right');
    await join('D', 'B', 'left');
    await buy('C');
    for (const who of ['R', 'A', 'B', 'C']) {
      const list = await teamList(who);
      const counts = await me(who);
      expect(counts.team_size_all).toBe(list.length);
      expect(counts.team_size_valid).toBe(list.filter((u) => u.status === 'active').length);
    }
    expect(await me('R')).toMatchObject({ team_size_all: 4, team_size_valid: 2 });
  });

  it('a team larger than the live limit shows the settled counts with their day', async () => {
    const { memberFigures } = await import('@server/modules/me/repository.ts');
    const now = s.ctx.now();
    expect(await memberFigures(s.ctx.db, defined(m.R).id, now)).toMatchObject({
      teamSize: 4,
      teamValid: 2,
      teamCountsAsOf: null,
    });
    expect(await memberFigures(s.ctx.db, defined(m.R).id, now, 4)).toMatchObject({ teamCountsAsOf: null });
    // Over the limit and never settled: the settled figures (none yet), said so ('' = not settled).
    expect(await memberFigures(s.ctx.db, defined(m.R).id, now, 3)).toMatchObject({
      teamSize: 0,
      teamValid: 0,
      teamCountsAsOf: '',
    });
    const { runSettlement } = await import('@server/modules/rewards/settlement.ts');
    const { dayKey } = await import('@server/modules/rules/index.ts');
    const today = dayKey(s.ctx.now());
    s.advance(86_400_000 + 2 * 3_600_000);
    await runSettlement(s.ctx, today, null);
    expect(await memberFigures(s.ctx.db, defined(m.R).id, s.ctx.now(), 3)).toMatchObject({
      teamSize: 4,
      teamValid: 2,
      teamCountsAsOf: today,
    });
    // A team the settlement counted over the limit is not walked any more (it never shrinks): a new
    // member shows at the next settlement there, and at once below the limit.
    await join('E', 'C', 'left');
    expect(await memberFigures(s.ctx.db, defined(m.R).id, s.ctx.now(), 3)).toMatchObject({
      teamSize: 4,
      teamCountsAsOf: today,
    });
    expect(await memberFigures(s.ctx.db, defined(m.R).id, s.ctx.now())).toMatchObject({
      teamSize: 5,
      teamCountsAsOf: null,
    });
    expect(TEAM_COUNT_LIVE_LIMIT).toBeGreaterThanOrEqual(1000);
  });
});
