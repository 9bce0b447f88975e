import { AmountField } from '@web/components/AmountField.tsx';
import { BlockButton } from '@web/components/BlockButton.tsx';
import { errorText } from '@web/lib/errors.ts';
import { formatUsdt } from '@web/lib/format.ts';
import { toast } from '@web/lib/ui.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoveFundProfit } from '../api/post-earnings-move.ts';
import { moveProblemKey, readMoveAmount } from '../model/move.ts';

const AMOUNT_MAX_LENGTH = 32;

/** "Move to available": fund_available_profit → available USDT; the field's error (rule or server) shows here. */
export function MoveProfitForm({ available }: { available: string }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const move = useMoveFundProfit();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const reading = readMoveAmount(amount, available);
    if (!reading.ok) {
      setError(t(moveProblemKey(reading.problem)));
      return;
    }
    try {
      const result = await move.mutateAsync(reading.amount);
      setAmount('');
      void toast(t('fund.agent.moved', { amount: formatUsdt(result.moved_usdt) }));
    } catch (e) {
      setError(errorText(e, t));
    }
  };

  return (
    <form className="card form fund-move" onSubmit={(e) => void submit(e)} noValidate data-testid="fund-move">
      <AmountField
        label={t('fund.agent.moveLabel')}
        testId="fund-move-amount"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setError(null);
        }}
        placeholder={t('fund.agent.amountPlaceholder')}
        maxLength={AMOUNT_MAX_LENGTH}
        disabled={move.isPending}
        error={error}
        errorTestId="fund-move-error"
        fill={{
          label: t('fund.redeem.max'),
          testId: 'fund-move-max',
          disabled: move.isPending,
          onClick: () => {
            setAmount(available);
            setError(null);
          },
        }}
      />
      <BlockButton variant="primary" type="submit" testId="fund-move-submit" busy={move.isPending}>
        {t('fund.agent.move')}
      </BlockButton>
    </form>
  );
}
