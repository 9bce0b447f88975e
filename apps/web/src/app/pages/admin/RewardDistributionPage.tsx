import { NoPermission } from '@web/components/NoPermission.tsx';
import { SettlementDayCard } from '@web/features/settlement/components/SettlementDayCard.tsx';
import { SettlementHistory } from '@web/features/settlement/components/SettlementHistory.tsx';
import { SettlementPreviewCard } from '@web/features/settlement/components/SettlementPreviewCard.tsx';
import { useRunSettlementDay } from '@web/features/settlement/hooks/use-run-settlement.tsx';
import { useSettlementDay } from '@web/features/settlement/hooks/use-settlement-day.ts';
import { useTranslation } from 'react-i18next';
import '@web/features/settlement/settlement.css';

/**
 * Reward distribution (admin; the server answers 403 to anyone else): preview a UTC day's
 * settlement — a settled day shows its recorded run — run the next unsettled day after a
 * confirmation, and the history of runs.
 */
export default function RewardDistributionPage() {
  const { t } = useTranslation();
  const settlement = useSettlementDay();
  // Stay on the day just settled: it now shows its run.
  const run = useRunSettlementDay(settlement.pick);

  if (settlement.forbidden)
    return <NoPermission testId="settlement-no-permission" text={t('settlement.noPermission')} />;

  return (
    <div className="page settlement-page">
      <SettlementDayCard
        day={settlement.day}
        data={settlement.data}
        nextDay={settlement.nextDay}
        onPick={settlement.pick}
      />
      <SettlementPreviewCard
        state={settlement}
        running={run.isPending}
        onRun={() => void run.start(settlement.data)}
      />
      <SettlementHistory history={settlement.history} onPick={settlement.pick} />
    </div>
  );
}
