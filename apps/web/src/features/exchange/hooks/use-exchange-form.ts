import { ErrorCode, type ExchangeAsset } from '@agc/shared';
import { errorText } from '@web/lib/errors.ts';
import { redirectTo } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { ApiError } from '@web/lib/request.ts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExchangeInfo } from '../api/get-exchange-info.ts';
import { freshQuoteOf, useAcceptExchangeQuote } from '../api/post-exchange-accept.ts';
import { useCreateExchangeQuote } from '../api/post-exchange-quote.ts';
import {
  amountAsset,
  covers,
  type ExchangeMode,
  otherAsset,
  problemKey,
  readExchangeAmount,
} from '../model/amount.ts';
import { type ClockedQuote, localDeadline } from '../model/quote-clock.ts';
import { useQuoteCountdown } from './use-quote-countdown.ts';

const ignore = () => undefined;

/**
 * The exchange center's form: the pair (from → to, switched by one button), the mode (I pay: the amount is what
 * goes in; I receive: what should arrive), the amount read with the spec's messages, Max (the available balance of
 * the asset paid), then Get quote. The quote holds until its expiry on the server's clock (model/quote-clock):
 * `left` is the one countdown the form and the confirmation both show; at 0 the quote is expired, confirm is off
 * and Refresh asks for a new one. Accepting opens the result page (also when the server says it was accepted
 * already: a try whose answer was lost); a quote that expired at the last second is replaced by the fresh one the
 * server sends with its message. Changing the pair, mode or amount drops the quote.
 */
export function useExchangeForm() {
  const { t } = useTranslation();
  const info = useExchangeInfo();
  const quoting = useCreateExchangeQuote();
  const accepting = useAcceptExchangeQuote();
  const [from, setFrom] = useState<ExchangeAsset>('USDT');
  const [mode, setMode] = useState<ExchangeMode>('in');
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [current, setCurrent] = useState<ClockedQuote | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [acceptMessage, setAcceptMessage] = useState<string | null>(null);

  const to = otherAsset(from);
  const asset = amountAsset(from, mode);
  const available = (a: ExchangeAsset) =>
    info.data ? (a === 'USDT' ? info.data.available_usdt : info.data.available_agc) : undefined;
  const reading = readExchangeAmount(amount, asset, mode === 'in' ? available(from) : undefined);
  // 'Please enter an amount' once the member asked for a quote; the others while typing.
  const problem = !reading.ok && (amount.trim() !== '' || attempted) ? reading : null;
  const fieldError = problem ? t(problemKey(problem.problem), problem.values ?? {}) : quoteError;

  const left = useQuoteCountdown(current ? localDeadline(current) : null);
  const quote = current?.quote ?? null;
  const expired = quote !== null && (left === 0 || quote.status !== 'Open');
  /** The quote's amount in is more than the member has of it (known when the amount typed was what arrives). */
  const short = quote !== null && !covers(available(quote.from), quote.amount_in, quote.from);
  const busy = quoting.isPending || accepting.isPending;

  const reset = () => {
    setCurrent(null);
    setQuoteError(null);
    setAcceptMessage(null);
    setConfirming(false);
  };

  const switchPair = () => {
    setFrom(to);
    setAmount('');
    setAttempted(false);
    reset();
  };

  const changeMode = (next: ExchangeMode) => {
    setMode(next);
    setAmount('');
    setAttempted(false);
    reset();
  };

  const changeAmount = (value: string) => {
    setAmount(value);
    reset();
  };

  /** Max: everything available of the asset paid, as what is paid. */
  const fillMax = () => {
    const all = available(from);
    if (all === undefined) return;
    setMode('in');
    setAmount(all);
    reset();
  };

  /** Asks for a quote of what is typed (also Refresh: the same pair, mode and amount, a new quote). */
  const requestQuote = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setAttempted(true);
    setQuoteError(null);
    setAcceptMessage(null);
    if (!reading.ok) return;
    try {
      setCurrent(await quoting.mutateAsync({ from, mode, amount: reading.amount }));
    } catch (error) {
      setCurrent(null);
      setConfirming(false);
      setQuoteError(errorText(error, t));
    }
  };

  const openConfirm = () => {
    if (quote && !expired && !short) {
      setAcceptMessage(null);
      setConfirming(true);
    }
  };

  const closeConfirm = () => {
    if (!accepting.isPending) setConfirming(false);
  };

  const accept = async () => {
    if (!quote || expired || busy) return;
    setAcceptMessage(null);
    try {
      const exchange = await accepting.mutateAsync(quote.id);
      // No toast: the result page says it (one message).
      void redirectTo(withQuery(paths.exchangeResult, { id: exchange.id })).catch(ignore);
    } catch (error) {
      // Already accepted: an earlier try whose answer was lost (a timeout), or another tab. It is made: show it.
      if (error instanceof ApiError && error.code === ErrorCode.conflict) {
        void redirectTo(withQuery(paths.exchangeResult, { id: quote.id })).catch(ignore);
        return;
      }
      // Expired at the last second: the server's message and the fresh quote it sent instead.
      const fresh = freshQuoteOf(error);
      if (fresh) setCurrent(fresh);
      setAcceptMessage(errorText(error, t));
    }
  };

  return {
    info,
    from,
    to,
    mode,
    /** The asset the amount is typed in. */
    asset,
    amount,
    available,
    fieldError,
    quote,
    /** Milliseconds the quote has left on the server's clock (the one countdown). */
    left,
    expired,
    short,
    confirming,
    acceptMessage,
    quoting: quoting.isPending,
    accepting: accepting.isPending,
    busy,
    switchPair,
    changeMode,
    changeAmount,
    fillMax,
    requestQuote,
    openConfirm,
    closeConfirm,
    accept,
  };
}

export type ExchangeForm = ReturnType<typeof useExchangeForm>;
