import { parseWithdrawType, type WithdrawCheck, type WithdrawType } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isZeroAmount, problemKey, readWithdrawAmount } from '../../../features/withdraw/amount.ts';
import { useWithdrawLimit } from '../../../features/withdraw/api/get-withdraw-limit.ts';
import { withdrawKeys } from '../../../features/withdraw/api/keys.ts';
import { useRequestWithdrawal } from '../../../features/withdraw/api/post-withdraw.ts';
import { checkWithdrawal, useWithdrawCheck } from '../../../features/withdraw/api/post-withdraw-check.ts';
import { AssetSwitch } from '../../../features/withdraw/components/AssetSwitch.tsx';
import { CheckRows } from '../../../features/withdraw/components/CheckRows.tsx';
import { useDebounced } from '../../../features/withdraw/hooks/use-debounced.ts';
import { errorText } from '../../../lib/errors.ts';
import { formatAssetExact } from '../../../lib/format.ts';
import { meQueryOptions } from '../../../lib/me.ts';
import { navigateTo, redirectTo } from '../../../lib/navigation.ts';
import { alertModal, confirmModal, toast } from '../../../lib/ui.ts';
import '../../../features/withdraw/withdraw.css';
import { paths, withQuery } from '../../../lib/paths.ts';

const ignore = () => undefined;
/** The fee preview asks the server once typing has paused this long. */
export const PREVIEW_DELAY_MS = 300;
const AMOUNT_MAX_LENGTH = 64;

/**
 * Withdrawal (`?type=1|2` preselects USDT or AGC): the asset's available balance and today's
 * remaining limit, the amount with the spec's messages and the asset's minimum, the fee and amount received from
 * withdraw/check. Submitting checks again, asks for confirmation with the fee (or, over the daily
 * limit, offers to continue with today's remaining amount), then requests it and opens the success page.
 */
export default function WithdrawalPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const [type, setType] = useState<WithdrawType>(() => parseWithdrawType(search.get('type')) ?? 1);
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const limit = useWithdrawLimit();
  const request = useRequestWithdrawal();

  const standing = limit.data?.limits.find((l) => l.type === type);
  const asset = type === 1 ? 'USDT' : 'AGC';
  const reading = readWithdrawAmount(amount, type, standing?.available, standing?.minimum);
  const previewAmount = useDebounced(reading.ok ? reading.amount : null, PREVIEW_DELAY_MS);
  const preview = useWithdrawCheck(type, reading.ok ? previewAmount : null);
  // An answer for another amount (typing has not paused yet, or the next answer is loading) is dimmed.
  const previewStale =
    !reading.ok || previewAmount !== reading.amount || preview.isPlaceholderData || preview.isFetching;

  // 'please enter the withdraw amount' once the member tried to submit; the others while typing.
  const problem = !reading.ok && (amount.trim() !== '' || attempted) ? reading : null;
  const fieldError = problem ? t(problemKey(problem.problem), problem.values ?? {}) : submitError;

  const changeType = (next: WithdrawType) => {
    if (next === type) return;
    setType(next);
    setAmount('');
    setAttempted(false);
    setSubmitError(null);
  };

  const changeAmount = (value: string) => {
    setAmount(value);
    setSubmitError(null);
  };

  /** The daily limit is below the amount: say what remains today and offer to continue with it. */
  const askRemaining = async (check: WithdrawCheck): Promise<string | null> => {
    const num = formatAssetExact(check.remaining_today, check.asset);
    if (isZeroAmount(check.remaining_today, type)) {
      await alertModal(
        <div className="withdraw-prompt" data-testid="withdraw-limit-prompt" data-remaining="0">
          <p>{t('withdraw.limitReached', { num })}</p>
        </div>,
        { title: t('message.prompt'), confirmText: t('common.ok') },
      );
      return null;
    }
    const capped = await checkWithdrawal(type, check.remaining_today);
    if (!capped.ok) {
      setSubmitError(capped.msg ?? t('common.unknownError'));
      return null;
    }
    const go = await confirmModal({
      title: t('message.prompt'),
      content: (
        <div
          className="withdraw-prompt"
          data-testid="withdraw-limit-prompt"
          data-remaining={check.remaining_today}
        >
          <p>{t('withdraw.limitPrompt', { num })}</p>
          <CheckRows check={capped} t={t} testIdPrefix="withdraw-limit" withAmount={false} />
        </div>
      ),
      confirmText: t('withdraw.continue'),
    });
    return go ? capped.amount : null;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setAttempted(true);
    setSubmitError(null);
    if (!reading.ok) return;
    setBusy(true);
    try {
      // Always asked again: the balance, today's use and the fee are the server's, as of now.
      const check = await checkWithdrawal(type, reading.amount);
      queryClient.setQueryData(withdrawKeys.check(type, reading.amount), check);
      let send: string | null = check.amount;
      if (check.reason === 'over_limit') {
        send = await askRemaining(check);
      } else if (!check.ok) {
        setSubmitError(check.msg ?? '');
        send = null;
      } else {
        const go = await confirmModal({
          title: t('withdraw.confirmTitle'),
          content: (
            <div className="withdraw-prompt" data-testid="withdraw-confirm">
              <CheckRows check={check} t={t} testIdPrefix="withdraw-confirm" />
            </div>
          ),
          confirmText: t('withdraw.confirm'),
        });
        if (!go) send = null;
      }
      if (send === null) return;
      const withdrawal = await request.mutateAsync({ type, amount: send });
      // available and locked on home
      void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
      void toast(t('withdraw.submitted'));
      void redirectTo(withQuery(paths.withdrawalSubmitted, { withdraw_id: withdrawal.withdraw_id })).catch(
        ignore,
      );
    } catch (error) {
      setSubmitError(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  const fillMax = () => {
    if (standing) changeAmount(standing.available);
  };

  return (
    <div className="page withdrawal" data-testid="withdrawal">
      <AssetSwitch value={type} onChange={changeType} disabled={busy} />
      <section className="card" data-testid="withdraw-standing">
        <p className="muted small">{t('withdraw.available', { asset })}</p>
        <p className="withdraw-balance" data-testid="withdraw-available">
          {standing ? formatAssetExact(standing.available, asset) : limit.isError ? '-' : t('common.loading')}
        </p>
        {limit.isError && (
          <p className="error-text withdraw-field-error" data-testid="withdraw-limit-error">
            {errorText(limit.error, t)}{' '}
            <button type="button" className="btn-link" onClick={() => void limit.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        )}
        {standing && (
          <dl className="rows">
            <div className="row">
              <dt>{t('withdraw.remainingToday')}</dt>
              <dd data-testid="withdraw-remaining">{formatAssetExact(standing.remaining, asset)}</dd>
            </div>
            <div className="row">
              <dt>{t('withdraw.dailyLimit')}</dt>
              <dd data-testid="withdraw-daily-limit">{formatAssetExact(standing.daily_limit, asset)}</dd>
            </div>
          </dl>
        )}
      </section>
      <form className="card form" onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="withdraw-amount-input">
          <span>{t('withdraw.amountLabel', { asset })}</span>
        </label>
        <div className="withdraw-amount-field">
          <input
            id="withdraw-amount-input"
            className="input"
            data-testid="withdraw-amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={AMOUNT_MAX_LENGTH}
            placeholder={t('withdraw.amountPlaceholder')}
            value={amount}
            aria-invalid={fieldError ? true : undefined}
            disabled={busy}
            onChange={(e) => changeAmount(e.target.value)}
          />
          <button
            type="button"
            className="btn-link withdraw-max"
            data-testid="withdraw-max"
            disabled={!standing || busy}
            onClick={fillMax}
          >
            {t('withdraw.max')}
          </button>
        </div>
        {standing && (
          <p className="muted small withdraw-minimum" data-testid="withdraw-minimum">
            {t('withdraw.minimum', { num: formatAssetExact(standing.minimum, asset) })}
          </p>
        )}
        {fieldError && (
          <p className="error-text withdraw-field-error" role="alert" data-testid="withdraw-amount-error">
            {fieldError}
          </p>
        )}
        {reading.ok && preview.data && (
          <div
            className={previewStale ? 'withdraw-preview muted' : 'withdraw-preview'}
            data-testid="withdraw-preview"
            aria-busy={previewStale}
          >
            <CheckRows check={preview.data} t={t} testIdPrefix="withdraw" withAmount={false} />
            {!preview.data.ok && preview.data.msg && !fieldError && (
              <p className="muted small" data-testid="withdraw-check-msg">
                {preview.data.msg}
              </p>
            )}
          </div>
        )}
        <button
          type="submit"
          className="btn btn-primary btn-block"
          data-testid="withdraw-submit"
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? t('common.loading') : t('withdraw.submit')}
        </button>
      </form>
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
