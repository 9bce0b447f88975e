import type { WithdrawCheck } from '@agc/shared';
import type { TFunction } from 'i18next';
import { formatAssetExact } from '../../../lib/format.ts';
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
        <div className="row">
          <dt>{t('withdraw.fields.amount')}</dt>
          <dd data-testid={`${testIdPrefix}-amount`}>{formatAssetExact(check.amount, check.asset)}</dd>
        </div>
      )}
      <div className="row">
        <dt>{t('withdraw.feeWithRate', { rate: formatRate(check.fee_rate) })}</dt>
        <dd data-testid={`${testIdPrefix}-fee`}>{formatAssetExact(check.fee, check.asset)}</dd>
      </div>
      <div className="row">
        <dt>{t('withdraw.fields.received')}</dt>
        <dd data-testid={`${testIdPrefix}-received`}>{formatAssetExact(check.received, check.asset)}</dd>
      </div>
    </dl>
  );
}
