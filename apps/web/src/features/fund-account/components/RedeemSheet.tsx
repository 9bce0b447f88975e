import type { FundOrder, FundProduct } from '@agc/shared';
import { AmountField } from '@web/components/AmountField.tsx';
import { BlockButton, CancelButton } from '@web/components/BlockButton.tsx';
import { ValueRow } from '@web/components/ValueRow.tsx';
import { formatCount, formatNav, formatUnits, formatUsdt } from '@web/lib/format.ts';
import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import { useRedemptionQueue } from '../api/get-redemption-queue.ts';
import { useRedeemForm } from '../hooks/use-redeem-form.ts';

const UNITS_MAX_LENGTH = 32;

/** The redemption sheet: units (Max = held), the estimate and its NAV day, Redeem (after a confirmation). */
export function RedeemSheet({
  order,
  product,
  visible,
  onClose,
}: {
  order: FundOrder;
  product: FundProduct | undefined;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useRedeemForm(order, product, onClose);
  const queue = useRedemptionQueue(order.product.id, visible);
  return (
    <Popup visible={visible} onMaskClick={onClose} destroyOnClose bodyClassName="fund-redeem-sheet">
      <form
        className="form fund-redeem-form"
        data-testid="fund-redeem-sheet"
        onSubmit={(e) => void form.submit(e)}
        noValidate
      >
        <h2 className="card-title">{t('fund.redeem.title', { product: order.product.name })}</h2>
        <p className="muted small" data-testid="fund-redeem-held">
          {t('fund.redeem.held', { units: formatUnits(order.units_held) })}
        </p>
        <AmountField
          label={t('fund.redeem.unitsLabel')}
          testId="fund-redeem-units"
          value={form.units}
          onChange={form.change}
          placeholder={t('fund.redeem.unitsPlaceholder')}
          maxLength={UNITS_MAX_LENGTH}
          disabled={form.busy}
          error={form.error}
          errorTestId="fund-redeem-error"
          fill={{
            label: t('fund.redeem.max'),
            testId: 'fund-redeem-max',
            disabled: form.busy,
            onClick: form.fillMax,
          }}
        />
        {form.estimate && (
          <dl className="rows" data-testid="fund-redeem-estimate">
            <ValueRow
              label={t('fund.redeem.grossAt', { nav: formatNav(form.nav ?? '0') })}
              testId="fund-redeem-gross"
            >
              {formatUsdt(form.estimate.gross)}
            </ValueRow>
            <ValueRow
              label={t('fund.redeem.feeRate', { rate: `${form.feePercent ?? '0'}%` })}
              testId="fund-redeem-fee"
            >
              {formatUsdt(form.estimate.fee)}
            </ValueRow>
            <ValueRow label={t('fund.redeem.receive')} testId="fund-redeem-amount">
              {formatUsdt(form.estimate.amount)}
            </ValueRow>
          </dl>
        )}
        {form.navDay && (
          <p className="muted small" data-testid="fund-redeem-nav-day">
            {t('fund.redeem.estimateNote', { day: form.navDay })}
          </p>
        )}
        {queue.data && (
          <p className="small" data-testid="fund-redeem-queue">
            {t('fund.redeem.queue', { place: formatCount(queue.data.place) })}
          </p>
        )}
        <p className="muted small">{t('fund.redeem.receivingNote')}</p>
        <div className="actions">
          <BlockButton variant="primary" type="submit" testId="fund-redeem-submit" busy={form.busy}>
            {t('fund.redeem.submit')}
          </BlockButton>
          <CancelButton variant="secondary" disabled={form.busy} onClick={onClose} />
        </div>
      </form>
    </Popup>
  );
}
