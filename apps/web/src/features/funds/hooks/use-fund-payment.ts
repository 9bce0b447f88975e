import type { FundOrder, PublicConfig } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { invalidateMe } from '../../../lib/me.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { isQuietTransactionError } from '../../../lib/wallet/transaction-errors.ts';
import { fundOrderUpdated } from '../api/use-fund-order-updated.ts';
import { createFundPaymentDeps, fundPaymentContracts } from '../payment/deps.ts';
import {
  type FundPaymentDeps,
  type FundStepStates,
  initialFundStepStates,
  runFundPayment,
} from '../payment/run-fund-payment.ts';

export type FundPaymentPhase = 'idle' | 'running' | 'done' | 'error';

/**
 * The payment of one fund order for a component: the step states, the phase and the error to show. `pay`
 * resolves the order after the report, or null when it stopped (an error, or a refusal in the wallet).
 */
export function useFundPayment(config: PublicConfig | undefined, deps?: FundPaymentDeps) {
  const [states, setStates] = useState<FundStepStates>(initialFundStepStates);
  const [phase, setPhase] = useState<FundPaymentPhase>('idle');
  const [error, setError] = useState<unknown>(null);
  const once = useOneAtATime();
  const queryClient = useQueryClient();

  const pay = useCallback(
    async (order: FundOrder): Promise<FundOrder | null> => {
      if (!config) return null;
      return once.run(async () => {
        setPhase('running');
        setError(null);
        setStates(initialFundStepStates());
        try {
          const result = await runFundPayment({
            order,
            contracts: fundPaymentContracts(config),
            deps: deps ?? createFundPaymentDeps(config),
            onStep: (_step, _state, next) => setStates(next),
          });
          fundOrderUpdated(queryClient, result);
          void invalidateMe(queryClient);
          void queryClient.invalidateQueries({ queryKey: ['wallet-balances'] });
          setPhase('done');
          return result;
        } catch (e) {
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
