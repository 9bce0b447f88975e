import type { Side } from '@agc/shared';
import { Segmented } from '@web/components/Segmented.tsx';
import { StatusTabs } from '@web/components/StatusTabs.tsx';
import { useTranslation } from 'react-i18next';
import type { TeamScope, TeamStatus } from '../api/get-team-users.ts';

const SCOPES: readonly TeamScope[] = ['direct', 'team'];
export const TEAM_SECTORS = ['all', 'left', 'right'] as const satisfies readonly (Side | 'all')[];
export const TEAM_STATUSES = ['all', 'active', 'deactivated'] as const satisfies readonly (
  | TeamStatus
  | 'all'
)[];
export type TeamSectorFilter = (typeof TEAM_SECTORS)[number];
export type TeamStatusFilter = (typeof TEAM_STATUSES)[number];

/** Direct invitees or the whole placement team: tabs `team-scope-<scope>`. */
export function TeamScopeTabs({
  scope,
  onChange,
}: {
  scope: TeamScope;
  onChange: (scope: TeamScope) => void;
}) {
  const { t } = useTranslation();
  return (
    <StatusTabs
      keys={SCOPES}
      active={scope}
      onChange={onChange}
      title={(key) => t(`teamUser.scope.${key}`)}
      testIdPrefix="team-scope"
      className="team-tabs"
    />
  );
}

/**
 * A labelled row of choices, "All" first: `team-<name>-<key>`, labelled `teamUser.fields.<name>`, each choice
 * `teamUser.<name>.<key>`.
 */
function FilterRow<K extends string>({
  name,
  keys,
  value,
  onChange,
}: {
  name: 'sector' | 'status';
  keys: readonly K[];
  value: K;
  onChange: (key: K) => void;
}) {
  const { t } = useTranslation();
  const label = t(`teamUser.fields.${name}`);
  return (
    <div className="team-filter">
      <span className="team-filter-label">{label}</span>
      <Segmented
        label={label}
        options={keys.map((key) => {
          const text: string = key === 'all' ? 'teamUser.all' : `teamUser.${name}.${key}`;
          return { key, label: t(text) };
        })}
        value={value}
        onChange={onChange}
        testIdPrefix={`team-${name}`}
      />
    </div>
  );
}

/** The team list's sector and status filters. */
export function TeamFilters(props: {
  sector: TeamSectorFilter;
  onSector: (sector: TeamSectorFilter) => void;
  status: TeamStatusFilter;
  onStatus: (status: TeamStatusFilter) => void;
}) {
  return (
    <div className="team-filters">
      <FilterRow name="sector" keys={TEAM_SECTORS} value={props.sector} onChange={props.onSector} />
      <FilterRow name="status" keys={TEAM_STATUSES} value={props.status} onChange={props.onStatus} />
    </div>
  );
}
