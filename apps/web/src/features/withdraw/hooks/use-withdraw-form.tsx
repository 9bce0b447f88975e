import { WITHDRAW_TYPES, type WithdrawCheck, type WithdrawType } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { formatAssetExact } from '@web/lib/format.ts';
import { redirectTo } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { alertModal, confirmModal } from '@web/lib/ui.ts';
import { useAmountForm } from '@web/lib/use-amount-form.ts';
import { useDebounced } from '@web/lib/use-debounced.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isZeroAmount, problemKey, readWithdrawAmount } from '../amount.ts';
import { useWithdrawLimit } from '../api/get-withdraw-limit.ts';
import { withdrawKeys } from '../api/keys.ts';
import { useRequestWithdrawal } from '../api/post-withdraw.ts';
import { checkWithdrawal, useWithdrawCheck } from '../api/post-withdraw-check.ts';
import { LimitPrompt, WithdrawConfirm } from '../components/WithdrawPrompts.tsx';

const ignore = () => undefined;
/** The fee preview asks the server once typing has paused this long. */
export const PREVIEW_DELAY_MS = 300;

/**
 * The withdrawal form: the chosen asset (`initialType` first) with its standing (available balance,
 * today's remaining limit, minimum) from withdraw/limit, the amount read with the spec's messages, the
 * fee preview from withdraw/check once typing pauses. `submit` checks again, asks for confirmation with
 * the fee (or, over the daily limit, offers to continue with today's remaining amount), then requests it
 * and opens the success page; a refusal is the field's error.
 */
export function useWithdrawForm(initialType: WithdrawType) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [type, setType] = useState<WithdrawType>(initialType);
  const { amount, speaks, submitError, setSubmitError, busy, changeAmount, ...form } = useAmountForm();
  const limit = useWithdrawLimit();
  const request = useRequestWithdrawal();

  const standing = limit.data?.limits.find((l) => l.type === type);
  const asset = WITHDRAW_TYPES[type];
  const reading = readWithdrawAmount(amount, type, standing?.available, standing?.minimum);
  const previewAmount = useDebounced(reading.ok ? reading.amount : null, PREVIEW_DELAY_MS);
  const preview = useWithdrawCheck(type, reading.ok ? previewAmount : null);
  // An answer for another amount (typing has not paused yet, or the next answer is loading) is dimmed.
  const previewStale =
    !reading.ok || previewAmount !== reading.amount || preview.isPlaceholderData || preview.isFetching;

  // 'Please enter an amount' once the member tried to submit; the others while typing.
  const problem = !reading.ok && speaks ? reading : null;
  const fieldError = problem ? t(problemKey(problem.problem), problem.values ?? {}) : submitError;

  const changeType = (next: WithdrawType) => {
    if (next === type) return;
    setType(next);
    form.reset();
  };

  const fillMax = () => {
    if (standing) changeAmount(standing.available);
  };

  /** The daily limit is below the amount: say what remains today and offer to continue with it. */
  const askRemaining = async (check: WithdrawCheck): Promise<string | null> => {
    const num = formatAssetExact(check.remaining_today, check.asset);
    if (isZeroAmount(check.remaining_today, type)) {
      await alertModal(<LimitPrompt remaining="0" num={num} t={t} />, {
        title: t('message.prompt'),
        confirmText: t('common.ok'),
      });
      return null;
    }
    const capped = await checkWithdrawal(type, check.remaining_today);
    if (!capped.ok) {
      setSubmitError(capped.msg ?? t('common.unknownError'));
      return null;
    }
    const go = await confirmModal({
      title: t('message.prompt'),
      content: <LimitPrompt remaining={check.remaining_today} num={num} capped={capped} t={t} />,
      confirmText: t('withdraw.continue'),
    });
    return go ? capped.amount : null;
  };

  /** What to send after the server's check of the amount typed: that amount, less, or nothing. */
  const decide = async (check: WithdrawCheck): Promise<string | null> => {
    if (check.reason === 'over_limit') return askRemaining(check);
    if (!check.ok) {
      setSubmitError(check.msg ?? '');
      return null;
    }
    const go = await confirmModal({
      title: t('withdraw.confirmTitle'),
      content: <WithdrawConfirm check={check} t={t} />,
      confirmText: t('withdraw.confirm'),
    });
    return go ? check.amount : null;
  };

  const send = async (value: string) => {
    // Always asked again: the balance, today's use and the fee are the server's, as of now.
    const check = await checkWithdrawal(type, value);
    queryClient.setQueryData(withdrawKeys.check(type, value), check);
    const sent = await decide(check);
    if (sent === null) return;
    const withdrawal = await request.mutateAsync({ type, amount: sent });
    // No toast: the success page says it (one message).
    void redirectTo(withQuery(paths.withdrawalSubmitted, { withdraw_id: withdrawal.withdraw_id })).catch(
      ignore,
    );
  };

  const submit = (event?: FormEvent) => form.submit(reading, send, event);

  return {
    type,
    asset,
    amount,
    /** The chosen asset's figures from withdraw/limit, once loaded. */
    standing,
    limit,
    /** The fee preview of the amount typed, when it is one the form accepts. */
    preview: reading.ok ? preview.data : undefined,
    previewStale,
    fieldError,
    busy,
    changeType,
    changeAmount,
    fillMax,
    submit,
  };
}

export type WithdrawForm = ReturnType<typeof useWithdrawForm>;
