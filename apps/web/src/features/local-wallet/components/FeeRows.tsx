import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatFeeBound as formatFee } from '@web/lib/format.ts';
import type { FeeEstimate } from '@web/lib/wallet/local-fees.ts';
import { useTranslation } from 'react-i18next';

/**
 * The network fee estimate: the most it can cost, then its two parts (L2 execution, L1 data). On a chain without
 * Arbitrum's NodeInterface the L1 part says it is unavailable rather than showing a made-up 0.
 */
export function FeeRows({ fee, testIdPrefix }: { fee: FeeEstimate; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ValueRow label={t('localWalletPages.send.fee')} testId={`${testIdPrefix}-fee`}>
        {formatFee(fee.total)}
      </ValueRow>
      <ValueRow label={t('localWalletPages.send.feeL2')} testId={`${testIdPrefix}-fee-l2`}>
        <span className="muted small">{formatFee(fee.l2Fee)}</span>
      </ValueRow>
      <ValueRow label={t('localWalletPages.send.feeL1')} testId={`${testIdPrefix}-fee-l1`}>
        <span className="muted small">
          {fee.l1Fee === null ? t('localWalletPages.send.feeL1Unavailable') : formatFee(fee.l1Fee)}
        </span>
      </ValueRow>
    </>
  );
}
