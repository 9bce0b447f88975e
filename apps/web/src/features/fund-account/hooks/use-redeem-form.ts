import type { FundOrder, FundProduct } from '@agc/shared';
import { errorText } from '@web/lib/errors.ts';
import { formatUnits } from '@web/lib/format.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequestRedemption } from '../api/post-redemption.ts';
import { estimateRedemption, readRedeemUnits, redeemProblemKey } from '../model/redeem.ts';

/**
 * The redemption sheet of a holding: the units typed (Max = the units held), the estimate at the latest NAV minus
 * the redemption fee, the field's error (a rule of the form or the server's message, shown once, here), and
 * submit after a confirmation that names the units and the product.
 */
export function useRedeemForm(order: FundOrder, product: FundProduct | undefined, onDone: () => void) {
  const { t } = useTranslation();
  const [units, setUnits] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestRedemption();

  const reading = readRedeemUnits(units, order.units_held);
  const nav = product?.nav ?? order.current_nav;
  const estimate =
    reading.ok && nav !== null && product
      ? estimateRedemption(reading.units, nav, product.redemption_fee_percent)
      : null;

  const change = (value: string) => {
    setUnits(value);
    setError(null);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!reading.ok) {
      setError(t(redeemProblemKey(reading.problem)));
      return;
    }
    const ok = await confirmModal({
      title: t('fund.redeem.confirmTitle'),
      content: t('fund.redeem.confirm', { units: formatUnits(reading.text), product: order.product.name }),
    });
    if (!ok) return;
    try {
      await request.mutateAsync({ order_id: order.order_id, units: reading.text });
      setUnits('');
      void toast(t('fund.redeem.requested'));
      onDone();
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  return {
    units,
    change,
    fillMax: () => change(order.units_held),
    error,
    estimate,
    nav,
    navDay: product?.next_nav_day ?? null,
    feePercent: product?.redemption_fee_percent ?? null,
    busy: request.isPending,
    submit,
  };
}

export type RedeemForm = ReturnType<typeof useRedeemForm>;
