import { type Side, type TeamUser, teamUsersResponse } from '@agc/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { get } from '../../../lib/request.ts';
import { teamKeys } from './keys.ts';

export type TeamUsersPage = z.infer<typeof teamUsersResponse>;
export type TeamScope = 'direct' | 'team';
export type TeamStatus = TeamUser['status'];

/** The team_user page's filters; an absent sector or status means all. */
export interface TeamUsersFilter {
  scope: TeamScope;
  sector?: Side;
  status?: TeamStatus;
}

export const TEAM_PAGE_SIZE = 20;

/** GET /me/team?scope&sector&status&page&size: one page of the member's direct invitees or whole team. */
export const getTeamUsers = (filter: TeamUsersFilter & { page: number }): Promise<TeamUsersPage> =>
  get(
    '/me/team',
    {
      scope: filter.scope,
      sector: filter.sector,
      status: filter.status,
      page: filter.page,
      size: TEAM_PAGE_SIZE,
    },
    { schema: teamUsersResponse, silent: true }, // the list shows its error inline
  );

/** Every member of the loaded pages, each once (a member can shift pages while others join). */
export function flattenTeamUsers(pages: readonly Pick<TeamUsersPage, 'list'>[] | undefined): TeamUser[] {
  const seen = new Set<string>();
  const out: TeamUser[] = [];
  for (const page of pages ?? [])
    for (const user of page.list)
      if (!seen.has(user.id)) {
        seen.add(user.id);
        out.push(user);
      }
  return out;
}

export const teamUsersQueryOptions = (filter: TeamUsersFilter) =>
  infiniteQueryOptions({
    queryKey: teamKeys.teamUserList(filter),
    queryFn: ({ pageParam }) => getTeamUsers({ ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: TeamUsersPage) => (last.has_more ? last.page + 1 : undefined),
  });

export const useTeamUsers = (filter: TeamUsersFilter) => useInfiniteQuery(teamUsersQueryOptions(filter));
