import { type Me, meResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../../../lib/request.ts';
import { useIsLoggedIn } from '../../../stores/auth.ts';
import { useWalletStore } from '../../../stores/wallet.ts';

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
