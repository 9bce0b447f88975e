import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './errors.ts';

/** An amount read from the field: the amount the form sends, or why it cannot (the form's own reason). */
type Reading<A> = { ok: true; amount: A } | { ok: false };

/**
 * The state of a one-amount form (earn's transfers, a withdrawal): what is typed, the server's refusal (the field's
 * message until the next keystroke) and the send while it runs. A reading's problem is said (`speaks`) while
 * something is typed, and for an empty field once the member tried to send.
 */
export function useAmountForm() {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const changeAmount = (value: string) => {
    setAmount(value);
    setSubmitError(null);
  };
  /** Back to an empty field that says nothing (another asset or kind was chosen). */
  const reset = () => {
    setAmount('');
    setAttempted(false);
    setSubmitError(null);
  };
  /** Sends the reading's amount (nothing when it does not read: the field says why); a failure is the message. */
  const submit = async <A>(reading: Reading<A>, send: (amount: A) => Promise<void>, event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    setAttempted(true);
    setSubmitError(null);
    if (!reading.ok) return;
    setBusy(true);
    try {
      await send(reading.amount);
    } catch (error) {
      setSubmitError(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return {
    amount,
    speaks: amount.trim() !== '' || attempted,
    submitError,
    setSubmitError,
    busy,
    changeAmount,
    reset,
    submit,
  };
}
