import { fundEarningKind } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatUsdt } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { FundAgent } from '../api/get-agent.ts';
import { earningKindKey } from './FundTags.tsx';

/** The Agent tab's header: fund level, what can be moved, totals by kind, team volume and the next threshold. */
export function AgentHeader({ agent }: { agent: FundAgent }) {
  const { t } = useTranslation();
  return (
    <section className="card fund-agent" data-testid="fund-agent">
      <div className="fund-agent-top">
        <div>
          <p className="muted small">{t('fund.agent.available')}</p>
          <p className="fund-summary-value" data-testid="fund-agent-available">
            {formatUsdt(agent.fund_available_profit)}
          </p>
        </div>
        <span className="fund-level" data-testid="fund-agent-level">
          {t('fund.agent.level', { level: agent.fund_level })}
        </span>
      </div>
      <dl className="rows">
        {fundEarningKind.options.map((kind) => (
          <ValueRow key={kind} label={t(earningKindKey(kind))} testId={`fund-agent-total-${kind}`}>
            {formatUsdt(agent.totals[kind])}
          </ValueRow>
        ))}
        <ValueRow label={t('fund.agent.teamVolume')} testId="fund-agent-team-volume">
          {formatUsdt(agent.team_volume_usdt)}
        </ValueRow>
        <ValueRow label={t('fund.agent.nextLevel')} testId="fund-agent-next-level">
          {agent.next_level_threshold_usdt === null
            ? t('fund.agent.topLevel')
            : formatUsdt(agent.next_level_threshold_usdt)}
        </ValueRow>
      </dl>
    </section>
  );
}
