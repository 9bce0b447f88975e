import { type Side, type TeamUser, teamUsersResponse } from '@agc/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getListPage, pagedQueryOptions, uniqueItems } from '@web/lib/paged-list.ts';
import type { z } from 'zod';
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
  getListPage('/me/team', teamUsersResponse, TEAM_PAGE_SIZE, filter);

/** Every member of the loaded pages, each once (a member can shift pages while others join). */
export const flattenTeamUsers = (pages: readonly Pick<TeamUsersPage, 'list'>[] | undefined): TeamUser[] =>
  uniqueItems(pages, (user) => user.id);

export const teamUsersQueryOptions = (filter: TeamUsersFilter) =>
  pagedQueryOptions(teamKeys.teamUserList(filter), (page) => getTeamUsers({ ...filter, page }));

export const useTeamUsers = (filter: TeamUsersFilter) => useInfiniteQuery(teamUsersQueryOptions(filter));
