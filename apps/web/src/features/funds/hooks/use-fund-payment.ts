import type { FundOrder, PublicConfig } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { useStepPayment } from '@web/lib/wallet/use-step-payment.ts';
import { useCallback } from 'react';
import { fundOrderUpdated } from '../api/use-fund-order-updated.ts';
import { createFundPaymentDeps, fundPaymentContracts } from '../payment/deps.ts';
import {
  type FundPaymentDeps,
  type FundStepStates,
  initialFundStepStates,
  runFundPayment,
} from '../payment/run-fund-payment.ts';

/**
 * The payment of one fund order for a component: the step states, the phase and the error to show. `pay`
 * resolves the order after the report, or null when it stopped (an error, or a refusal in the wallet); then the
 * order, the fund lists and summary, the member's figures and the wallet's balances are read again.
 */
export function useFundPayment(config: PublicConfig | undefined, deps?: FundPaymentDeps) {
  const queryClient = useQueryClient();
  const run = useCallback(
    (order: FundOrder, onStates: (states: FundStepStates) => void) => {
      if (!config) throw new Error('the payment needs the configuration');
      return runFundPayment({
        order,
        contracts: fundPaymentContracts(config),
        deps: deps ?? createFundPaymentDeps(config),
        onStep: (_step, _state, next) => onStates(next),
      });
    },
    [config, deps],
  );
  const onDone = useCallback(
    (result: FundOrder) => {
      fundOrderUpdated(queryClient, result);
      void invalidateMe(queryClient);
      void queryClient.invalidateQueries({ queryKey: ['wallet-balances'] });
    },
    [queryClient],
  );
  return useStepPayment(initialFundStepStates, config ? run : undefined, onDone);
}
