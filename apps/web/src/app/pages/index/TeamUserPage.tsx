import { PagedList, pagingProps } from '@web/components/PagedList.tsx';
import { flattenTeamUsers, type TeamScope, useTeamUsers } from '@web/features/team/api/get-team-users.ts';
import {
  TeamFilters,
  TeamScopeTabs,
  type TeamSectorFilter,
  type TeamStatusFilter,
} from '@web/features/team/components/TeamFilters.tsx';
import { TeamSummary } from '@web/features/team/components/TeamSummary.tsx';
import { TeamUserItem } from '@web/features/team/components/TeamUserItem.tsx';
import { useMe } from '@web/lib/me.ts';
import { useState } from 'react';
import '@web/features/team/team.css';

/**
 * My team (team_user): direct invitees or the whole placement team, filtered by sector and status;
 * pull-to-refresh and infinite scroll. The counts above come from GET me.
 */
export default function TeamUserPage() {
  const [scope, setScope] = useState<TeamScope>('direct');
  const [sector, setSector] = useState<TeamSectorFilter>('all');
  const [status, setStatus] = useState<TeamStatusFilter>('all');
  const users = useTeamUsers({
    scope,
    sector: sector === 'all' ? undefined : sector,
    status: status === 'all' ? undefined : status,
  });
  const me = useMe();

  return (
    <div className="page team-user-page">
      <TeamScopeTabs scope={scope} onChange={setScope} />
      <TeamFilters sector={sector} onSector={setSector} status={status} onStatus={setStatus} />
      <PagedList
        testId="team-list"
        header={me.data && <TeamSummary me={me.data} scope={scope} />}
        items={flattenTeamUsers(users.data?.pages)}
        itemKey={(user) => user.id}
        renderItem={(user) => <TeamUserItem user={user} />}
        {...pagingProps(users)}
        refresh={() => Promise.all([users.refetch(), me.refetch()])}
      />
    </div>
  );
}
