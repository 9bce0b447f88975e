// The withdrawal pages' tests run the real claim flow against the fake server; only the wallet and the chain
// are fakes. A test file replaces claim/deps.ts with this module's factory, then sets `claiming.current`:
//
//   vi.mock('../../../features/withdraw/claim/deps.ts', async (importOriginal) =>
//     (await import('../../../features/withdraw/testing/claim-deps-mock.ts')).mockClaimDeps(importOriginal));
//
// It imports nothing at run time, so the factory can load it while claim/deps.ts is being mocked.
import type * as ClaimDepsModule from '../claim/deps.ts';
import type { ClaimFake } from './fixtures.ts';

/** The fake wallet and chain the pages' claims use (null: none set, a claim then fails the test). */
export const claiming: { current: ClaimFake | null } = { current: null };

/** claim/deps.ts with createClaimDeps answering `claiming.current`'s deps. */
export async function mockClaimDeps(
  importOriginal: () => Promise<typeof ClaimDepsModule>,
): Promise<typeof ClaimDepsModule> {
  const actual = await importOriginal();
  return {
    ...actual,
    createClaimDeps: () => {
      if (!claiming.current) throw new Error('no fake claim deps');
      return claiming.current.deps;
    },
  };
}
