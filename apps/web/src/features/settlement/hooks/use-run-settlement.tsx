import { confirmModal, toast } from '@web/lib/ui.ts';
import { useTranslation } from 'react-i18next';
import type { SettlementPreview } from '../api/get-settlement-preview.ts';
import { useRunSettlement } from '../api/post-settlement-run.ts';
import { ConfirmTotals } from '../components/ConfirmTotals.tsx';

/**
 * Runs a previewed day after a confirmation that names it and what it pays; `onDone` gets the day
 * once settled. A refusal is shown by the request wrapper (the server's translated message).
 */
export function useRunSettlementDay(onDone: (day: string) => void) {
  const { t } = useTranslation();
  const run = useRunSettlement();

  const start = async (preview: SettlementPreview | undefined) => {
    if (!preview?.totals || run.isPending) return;
    const confirmed = await confirmModal({
      title: t('settlement.runConfirmTitle', { day: preview.day }),
      content: <ConfirmTotals day={preview.day} totals={preview.totals} />,
    });
    if (!confirmed) return;
    try {
      await run.mutateAsync(preview.day);
      onDone(preview.day);
      void toast(t('settlement.runDone', { day: preview.day }));
    } catch {
      // the request wrapper has shown the server's (translated) message
    }
  };

  return { start, isPending: run.isPending };
}
