import { useCallback, useState } from 'react';
import { useOneAtATime } from '../use-one-at-a-time.ts';
import { isQuietTransactionError } from './transaction-errors.ts';

export type PaymentPhase = 'idle' | 'running' | 'done' | 'error';

/**
 * A payment of wallet steps (step-payment.ts) for a component: the step states for the stepper, the phase, the
 * error to show (none for a refusal in the wallet). `pay` resolves what `run` resolves, or null when it stopped or
 * there is nothing to run with yet (`run` undefined: no configuration); one run at a time. `onDone` gets the result
 * (the flow reads again what the payment changed).
 */
export function useStepPayment<O, S>(
  initialStates: () => S,
  run: ((order: O, onStates: (states: S) => void) => Promise<O>) | undefined,
  onDone: (result: O) => void,
) {
  const [states, setStates] = useState<S>(initialStates);
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [error, setError] = useState<unknown>(null);
  const once = useOneAtATime();

  const pay = useCallback(
    async (order: O): Promise<O | null> => {
      if (!run) return null;
      return once.run(async () => {
        setPhase('running');
        setError(null);
        setStates(initialStates());
        try {
          const result = await run(order, setStates);
          onDone(result);
          setPhase('done');
          return result;
        } catch (e) {
          // A refusal in the wallet just ends the attempt, with nothing to read.
          setError(isQuietTransactionError(e) ? null : e);
          setPhase('error');
          return null;
        }
      });
    },
    [initialStates, run, onDone, once],
  );

  return { states, phase, error, pay };
}
