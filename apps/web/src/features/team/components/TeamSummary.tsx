import type { Me } from '@agc/shared';
import { useTranslation } from 'react-i18next';
import type { TeamScope } from '../api/get-team-users.ts';

/**
 * The counts above the team list (from GET me): all and valid, of the direct invitees or of the whole
 * team. Team sizes are live; a team too large to count on every request shows the last settlement's,
 * and says as of which day.
 */
export function TeamSummary({ me, scope }: { me: Me; scope: TeamScope }) {
  const { t } = useTranslation();
  const asOf = scope === 'team' ? me.team_counts_as_of : null;
  return (
    <section className="card team-summary" data-testid="team-summary">
      <div>
        <span className="muted small">
          {t(scope === 'direct' ? 'teamUser.invited' : 'teamUser.teamSize')}
        </span>
        <strong data-testid="team-summary-all">
          {scope === 'direct' ? me.invited_count_all : me.team_size_all}
        </strong>
      </div>
      <div>
        <span className="muted small">{t('teamUser.valid')}</span>
        <strong data-testid="team-summary-valid">
          {scope === 'direct' ? me.invited_count_valid : me.team_size_valid}
        </strong>
      </div>
      {asOf != null && (
        <p className="muted small team-summary-as-of" data-testid="team-summary-as-of">
          {asOf === '' ? t('team.countsNotSettled') : t('team.countsAsOf', { day: asOf })}
        </p>
      )}
    </section>
  );
}
