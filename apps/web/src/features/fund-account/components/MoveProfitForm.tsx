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
      <label htmlFor="fund-move-amount">
        <span>{t('fund.agent.moveLabel')}</span>
      </label>
      <div className="fund-amount-field">
        <input
          id="fund-move-amount"
          className="input"
          data-testid="fund-move-amount"
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_MAX_LENGTH}
          placeholder={t('fund.agent.amountPlaceholder')}
          value={amount}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'fund-move-error' : undefined}
          disabled={move.isPending}
          onChange={(e) => {
            setAmount(e.target.value);
            setError(null);
          }}
        />
        <button
          type="button"
          className="btn-link fund-max"
          data-testid="fund-move-max"
          disabled={move.isPending}
          onClick={() => {
            setAmount(available);
            setError(null);
          }}
        >
          {t('fund.redeem.max')}
        </button>
      </div>
      {error && (
        <p id="fund-move-error" className="field-error" role="alert" data-testid="fund-move-error">
          {error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        data-testid="fund-move-submit"
        disabled={move.isPending}
        aria-busy={move.isPending}
      >
        {move.isPending ? t('common.loading') : t('fund.agent.move')}
      </button>
    </form>
  );
}
