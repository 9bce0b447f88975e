import { parseWithdrawType } from '@agc/shared';
import { AssetSwitch } from '@web/features/withdraw/components/AssetSwitch.tsx';
import { WithdrawAmountForm } from '@web/features/withdraw/components/WithdrawAmountForm.tsx';
import { WithdrawStanding } from '@web/features/withdraw/components/WithdrawStanding.tsx';
import { useWithdrawForm } from '@web/features/withdraw/hooks/use-withdraw-form.tsx';
import { navigateTo } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import '@web/features/withdraw/withdraw.css';

const ignore = () => undefined;

/**
 * Withdrawal (`?type=1|2` preselects USDT or AGC): the asset switch, the asset's standing (available
 * balance, today's remaining limit) and the amount form (`useWithdrawForm`: check, daily-limit prompt,
 * confirmation, request, then the success page), with a link to the member's withdrawals.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const form = useWithdrawForm(parseWithdrawType(search.get('type')) ?? 1);
  return (
    <div className="page withdrawal" data-testid="withdrawal">
      <AssetSwitch value={form.type} onChange={form.changeType} disabled={form.busy} />
      <WithdrawStanding
        asset={form.asset}
        standing={form.standing}
        error={form.limit.error}
        onRetry={() => void form.limit.refetch()}
      />
      <WithdrawAmountForm form={form} />
      <button
        type="button"
        className="btn btn-link btn-block withdraw-orders-link"
        data-testid="withdraw-orders"
        onClick={() => void navigateTo(paths.withdrawalList).catch(ignore)}
      >
        {t('withdraw.orders')}
      </button>
    </div>
  );
}
