import { USDT_DECIMALS } from '@agc/shared';
import { formatAssetExact, formatBareAmount, formatEventTime, unbroken } from '@web/lib/format.ts';
import { navigateBack, redirectTo } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { confirmModal, toast } from '@web/lib/ui.ts';
import { useAmountForm } from '@web/lib/use-amount-form.ts';
import { useDebounced } from '@web/lib/use-debounced.ts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getEarnOutPreview, useEarnOutPreview } from '../api/get-earn-out-preview.ts';
import { useEarnSummary } from '../api/get-earn-summary.ts';
import { type EarnDirection, useEarnTransfer } from '../api/post-earn-transfer.ts';
import { earningStartsOn, readEarnAmount } from '../model/amount.ts';

const ignore = () => undefined;
/** The arrival preview asks the server once typing has paused this long. */
export const PREVIEW_DELAY_MS = 300;

/**
 * A simple-earn transfer form. In: from the available USDT ("All" fills it), a confirmation naming the amount, the
 * APY paid now and the day it starts earning, then 'Transfer In Successful' and
 * back to the earn page. Out: up to the holding ("Max" fills it; above it "maximum {num} USDT"), the arrival
 * time from the server's preview under the field once typing pauses and again, fresh, in the confirmation that
 * names amount and arrival; then 'Transfer Out Successful' and the transfer's result page. The spec's two
 * messages are checked before anything is sent; a refusal by the server is the field's error.
 */
export function useTransferForm(direction: EarnDirection) {
  const { t } = useTranslation();
  const summary = useEarnSummary();
  const transfer = useEarnTransfer(direction);
  const { amount, speaks, submitError, busy, changeAmount, ...form } = useAmountForm();

  const s = summary.data;
  const out = direction === 'out';
  /** What the transfer can take: the holding (out), the available USDT (in). */
  const limit = s ? (out ? s.total_holding_usdt : s.available_usdt) : undefined;
  const reading = readEarnAmount(amount, out ? s?.total_holding_usdt : undefined);
  const previewAmount = useDebounced(out && reading.ok ? reading.amount : null, PREVIEW_DELAY_MS);
  const preview = useEarnOutPreview(out && reading.ok ? previewAmount : null);
  const previewStale =
    !reading.ok || previewAmount !== reading.amount || preview.isPlaceholderData || preview.isFetching;

  // Nothing typed is said once the member tried to send; the others while typing.
  const problem = !reading.ok && speaks ? reading.problem : null;
  const fieldError = problem
    ? t(`earn.errors.${problem}`, {
        num: s ? formatBareAmount(s.total_holding_usdt, 'USDT', 'exact') : '',
        unit: 'USDT',
        decimals: USDT_DECIMALS,
      })
    : submitError;

  const fill = () => {
    if (limit !== undefined) changeAmount(limit);
  };

  const send = async (value: string) => {
    if (!out) {
      // Money moves: the member confirms the amount, the rate paid now and the day it starts earning.
      const go = await confirmModal({
        title: t('earn.confirmIn.title'),
        content: (
          <p data-testid="earn-confirm-in-text">
            {t('earn.confirmIn.text', {
              amount: formatAssetExact(value, 'USDT'),
              apy: s?.apy_percent ?? '',
              day: unbroken(earningStartsOn(s?.server_time ?? new Date().toISOString())),
            })}
          </p>
        ),
        confirmText: t('earn.confirmIn.ok'),
      });
      if (!go) return;
      await transfer.mutateAsync(value);
      void toast(t('earn.toast.in'));
      void navigateBack().catch(ignore);
      return;
    }
    // Asked again now: the arrival is the server's, as of the moment the member confirms.
    const arrival = await getEarnOutPreview(value);
    const go = await confirmModal({
      title: t('earn.confirm.title'),
      content: (
        <p data-testid="earn-confirm-text">
          {t('earn.confirm.text', {
            amount: formatAssetExact(arrival.amount_usdt, 'USDT'),
            time: unbroken(formatEventTime(arrival.arrives_at, t)),
          })}
        </p>
      ),
      confirmText: t('earn.confirm.ok'),
    });
    if (!go) return;
    const made = await transfer.mutateAsync(value);
    void toast(t('earn.toast.out'));
    void redirectTo(withQuery(paths.earnResult, { id: made.movement.id })).catch(ignore);
  };

  const submit = (event?: FormEvent) => form.submit(reading, send, event);

  return {
    direction,
    summary,
    amount,
    limit,
    fieldError,
    /** The arrival of the amount typed (out), when it is one the form accepts. */
    preview: out && reading.ok ? preview.data : undefined,
    previewStale,
    busy,
    changeAmount,
    fill,
    submit,
  };
}

export type TransferForm = ReturnType<typeof useTransferForm>;
