import { formatUsdt } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettleManagement } from '../api/post-profit-mng.ts';

/**
 * Settle the management reward: ask first (settling restarts base and rank), then POST profit/mng and toast the
 * amount. One at a time: `settling` from the question until the answer.
 */
export function useSettle() {
  const { t } = useTranslation();
  const settle = useSettleManagement();
  const [confirming, setConfirming] = useState(false);

  const run = async () => {
    if (confirming || settle.isPending) return;
    setConfirming(true);
    try {
      const ok = await confirmModal({
        title: t('rewards.mng.confirmTitle'),
        content: t('rewards.mng.confirm'),
      });
      if (!ok) return;
      const result = await settle.mutateAsync();
      void toast(t('rewards.mng.settled', { amount: formatUsdt(result.reward.amount) }));
    } catch {
      // the request wrapper has shown the server's message (nothing to settle, say) as its 2 s toast
    } finally {
      setConfirming(false);
    }
  };

  return { settling: confirming || settle.isPending, settle: run };
}
