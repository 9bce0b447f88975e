import { type Me, meResponse } from '@agc/shared';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useIsLoggedIn } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';
import { get } from './request.ts';

// The member's user info (GET /me) is read by every feature and changed by many (a payment, a withdrawal, a claim,
// a reward settled): it lives here, below the features, and a mutation that changes it calls invalidateMe itself.

/** GET /me (auth): the member's user info; kept in the wallet store's userInfo as well. */
export async function getMe(): Promise<Me> {
  const me = await get('/me', undefined, { schema: meResponse });
  useWalletStore.getState().setUserInfo(me);
  return me;
}

export const meQueryOptions = queryOptions({ queryKey: ['me'], queryFn: getMe, staleTime: 30_000 });

export const useMe = () => {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...meQueryOptions, enabled: loggedIn });
};

/** After a change the server made to the member's figures: read /me again (every page showing it updates). */
export const invalidateMe = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
