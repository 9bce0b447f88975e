import type { WithdrawCheck } from '@agc/shared';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatAssetExact } from '@web/lib/format.ts';
import type { TFunction } from 'i18next';
import { formatRate } from '../format.ts';

/**
 * Amount, service fee (with its rate) and amount received of a withdraw/check answer, each as
 * `<testIdPrefix>-<amount|fee|received>`. Plain markup with texts given, so it also renders inside
 * antd's imperative modals (outside the React tree's providers).
 */
export function CheckRows({
  check,
  t,
  testIdPrefix,
  withAmount = true,
}: {
  check: WithdrawCheck;
  t: TFunction;
  testIdPrefix: string;
  withAmount?: boolean;
}) {
  return (
    <dl className="rows">
      {withAmount && (
        <ValueRow label={t('withdraw.fields.amount')} testId={`${testIdPrefix}-amount`}>
          {formatAssetExact(check.amount, check.asset)}
        </ValueRow>
      )}
      <ValueRow
        label={t('withdraw.feeWithRate', { rate: formatRate(check.fee_rate) })}
        testId={`${testIdPrefix}-fee`}
      >
        {formatAssetExact(check.fee, check.asset)}
      </ValueRow>
      <ValueRow label={t('withdraw.fields.received')} testId={`${testIdPrefix}-received`}>
        {formatAssetExact(check.received, check.asset)}
      </ValueRow>
    </dl>
  );
}
