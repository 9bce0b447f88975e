import { type InviteInfo, inviteResponse } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@web/lib/request.ts';
import { teamKeys } from './keys.ts';

/**
 * GET /me/invite: the member's code, the query parts of the left and right invite links, the direct
 * invitee counts and the configured rates of the bonus text. Silent: the page shows its error inline.
 */
export const getInvite = (): Promise<InviteInfo> =>
  get('/me/invite', undefined, { schema: inviteResponse, silent: true });

export const inviteQueryOptions = queryOptions({
  queryKey: teamKeys.invite,
  queryFn: getInvite,
  staleTime: 30_000,
});

export const useInvite = () => useQuery(inviteQueryOptions);
