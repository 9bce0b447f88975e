import type { TeamUsersFilter } from './get-team-users.ts';

/** Query keys of the team feature (invite page, team_user page). */
export const teamKeys = {
  invite: ['me-invite'] as const,
  /** Every team-user list, whatever the filters. */
  teamUsers: ['team-users'] as const,
  teamUserList: (filter: TeamUsersFilter) =>
    ['team-users', filter.scope, filter.sector ?? 'all', filter.status ?? 'all'] as const,
};
