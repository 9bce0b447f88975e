import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact, formatFeeBound } from '@web/lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { RecipientWarning } from '../model/send-input.ts';
import type { SweepPlan } from '../model/sweep-plan.ts';

/** What the one confirmation of a sweep names: the full target address, each amount in order, the fees. */
export function SweepConfirmContent({
  plan,
  to,
  warning,
}: {
  plan: SweepPlan;
  to: `0x${string}`;
  warning: RecipientWarning | null;
}) {
  const { t } = useTranslation();
  return (
    <div data-testid="sweep-confirm">
      <p className="muted small">{t('localWalletPages.sweep.to')}</p>
      <p className="break send-address" data-testid="sweep-confirm-to">
        {to}
      </p>
      <dl className="rows">
        {plan.tokens.map((token, i) => (
          <ValueRow
            key={token.asset}
            label={`${i + 1}. ${token.asset}`}
            testId={`sweep-confirm-${token.asset}`}
          >
            {formatAssetExact(token.amount, token.asset)}
          </ValueRow>
        ))}
        <ValueRow label={`${plan.tokens.length + 1}. ETH`} testId="sweep-confirm-ETH">
          {plan.ethValue > 0n
            ? `≈ ${formatAssetExact(plan.ethValue, 'ETH')}`
            : t('localWalletPages.sweep.noEthLeft')}
        </ValueRow>
        <ValueRow label={t('localWalletPages.sweep.fees')} testId="sweep-confirm-fees">
          {formatFeeBound(plan.tokenFees + plan.ethFee)}
        </ValueRow>
      </dl>
      <p className="muted small">{t('localWalletPages.sweep.ethNote')}</p>
      {warning && (
        <p className="notice send-warning small">{t(`localWalletPages.send.warnings.${warning}`)}</p>
      )}
    </div>
  );
}
