import type { Order, PublicConfig } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { useStepPayment } from '@web/lib/wallet/use-step-payment.ts';
import { useCallback } from 'react';
import { orderUpdated } from '../api/use-order-updated.ts';
import { createPaymentDeps, paymentContracts } from '../payment/deps.ts';
import { initialStepStates, type PaymentDeps, runPayment, type StepStates } from '../payment/run-payment.ts';

export type { PaymentPhase } from '@web/lib/wallet/use-step-payment.ts';

/**
 * The payment flow of one order for a component: step states for the stepper, the phase, the error to
 * show. `pay` resolves the order after the report, or null when it stopped (error or refusal). After the report
 * the order, the order lists and the member's figures (/me) are read again.
 */
export function usePayment(config: PublicConfig | undefined, deps?: PaymentDeps) {
  const queryClient = useQueryClient();
  const run = useCallback(
    (order: Order, onStates: (states: StepStates) => void) => {
      if (!config) throw new Error('the payment needs the configuration');
      return runPayment({
        order,
        contracts: paymentContracts(config),
        deps: deps ?? createPaymentDeps(config),
        onStep: (_step, _state, next) => onStates(next),
      });
    },
    [config, deps],
  );
  const onDone = useCallback(
    (result: Order) => {
      // The order as the server has it now (Verifying): pages opened next must not show the quote's.
      orderUpdated(queryClient, result);
      void invalidateMe(queryClient);
      // The wallet paid: its USDT and AGC (and ETH, for gas) have dropped.
      void queryClient.invalidateQueries({ queryKey: ['wallet-balances'] });
    },
    [queryClient],
  );
  return useStepPayment(initialStepStates, config ? run : undefined, onDone);
}
