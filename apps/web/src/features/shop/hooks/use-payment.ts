import type { Order, PayStep, PublicConfig } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { invalidateMe } from '../../../lib/me.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { isQuietTransactionError } from '../../../lib/wallet/transaction-errors.ts';
import { orderUpdated } from '../api/use-order-updated.ts';
import { createPaymentDeps, paymentContracts } from '../payment/deps.ts';
import {
  initialStepStates,
  type PaymentDeps,
  runPayment,
  type StepState,
  type StepStates,
} from '../payment/run-payment.ts';

export type PaymentPhase = 'idle' | 'running' | 'done' | 'error';

/**
 * The payment flow of one order for a component: step states for the stepper, the phase, the error to
 * show. `pay` resolves the order after the report, or null when it stopped (error or refusal). After the report
 * the order, the order lists and the member's figures (/me) are read again.
 */
export function usePayment(config: PublicConfig | undefined, deps?: PaymentDeps) {
  const [states, setStates] = useState<StepStates>(initialStepStates);
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [error, setError] = useState<unknown>(null);
  const once = useOneAtATime();
  const queryClient = useQueryClient();

  const pay = useCallback(
    async (order: Order): Promise<Order | null> => {
      if (!config) return null;
      return once.run(async () => {
        setPhase('running');
        setError(null);
        setStates(initialStepStates());
        try {
          const result = await runPayment({
            order,
            contracts: paymentContracts(config),
            deps: deps ?? createPaymentDeps(config),
            onStep: (_step: PayStep, _state: StepState, next: StepStates) => setStates(next),
          });
          // The order as the server has it now (Verifying): pages opened next must not show the quote's.
          orderUpdated(queryClient, result);
          void invalidateMe(queryClient);
          // The wallet paid: its USDT and AGC (and ETH, for gas) have dropped.
          void queryClient.invalidateQueries({ queryKey: ['wallet-balances'] });
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
    [config, deps, queryClient, once],
  );

  return { states, phase, error, pay };
}
