import type { PublicConfig, Withdrawal } from '@agc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateMe } from '@web/lib/me.ts';
import { useOneAtATime } from '@web/lib/use-one-at-a-time.ts';
import { isQuietTransactionError } from '@web/lib/wallet/transaction-errors.ts';
import { useCallback, useState } from 'react';
import { withdrawKeys } from '../api/keys.ts';
import { createClaimDeps } from '../claim/deps.ts';
import { isRevokingRefusal } from '../claim/errors.ts';
import { type ClaimDeps, type ClaimPhase, type ClaimResult, runClaim } from '../claim/run-claim.ts';

export interface ClaimState {
  /** The withdrawal being claimed, or the last one whose claim ended. */
  id: string | null;
  /** Where the running claim is; null when none runs. */
  phase: ClaimPhase | null;
  /** Why the last claim stopped (null after a refusal in the wallet or a success). */
  error: unknown;
  /** The last claim was mined but the server had not shown Success when following stopped. */
  unconfirmed: boolean;
  /**
   * Withdrawals whose claim the server refused because they are being revoked, with that refusal: no
   * claim can go through any more (the vault's cancel is on its way), so Claim is not offered again.
   */
  revoking: Readonly<Record<string, unknown>>;
}

const IDLE: ClaimState = { id: null, phase: null, error: null, unconfirmed: false, revoking: {} };

/**
 * The claim flow for a page: one claim at a time, its phase for the button, the error to show. When
 * it ends the withdrawal's cache, every list, the limits and the member's figures (/me) are refreshed;
 * `onClaimed` tells the page.
 */
export function useClaim(
  config: PublicConfig | undefined,
  options: { deps?: ClaimDeps; onClaimed?: (result: ClaimResult) => void } = {},
) {
  const { deps, onClaimed } = options;
  const [state, setState] = useState<ClaimState>(IDLE);
  const once = useOneAtATime();
  const queryClient = useQueryClient();

  const claim = useCallback(
    async (withdrawal: Withdrawal): Promise<ClaimResult | null> => {
      if (!config) return null;
      const id = withdrawal.withdraw_id;
      return once.run(async () => {
        setState((s) => ({ ...s, id, phase: 'wallet', error: null, unconfirmed: false }));
        try {
          const result = await runClaim({
            withdrawal,
            vault: config.contracts.bank,
            deps: deps ?? createClaimDeps(config),
            onPhase: (phase) => setState((s) => ({ ...s, phase })),
          });
          queryClient.setQueryData(withdrawKeys.withdrawal(id), result.withdrawal);
          void queryClient.invalidateQueries({ queryKey: withdrawKeys.withdrawals });
          void queryClient.invalidateQueries({ queryKey: withdrawKeys.limit });
          void invalidateMe(queryClient);
          setState((s) => ({ ...s, id, phase: null, error: null, unconfirmed: !result.confirmed }));
          onClaimed?.(result);
          return result;
        } catch (e) {
          const revoking = isRevokingRefusal(e);
          // A refusal in the wallet just ends the attempt, with nothing to read.
          setState((s) => ({
            id,
            phase: null,
            error: isQuietTransactionError(e) ? null : e,
            unconfirmed: false,
            revoking: revoking ? { ...s.revoking, [id]: e } : s.revoking,
          }));
          // The server may have moved on meanwhile (claimed elsewhere, a voucher refused): show it.
          void queryClient.invalidateQueries({ queryKey: withdrawKeys.withdrawal(id) });
          void queryClient.invalidateQueries({ queryKey: withdrawKeys.withdrawals });
          return null;
        }
      });
    },
    [config, deps, onClaimed, queryClient, once],
  );

  return {
    ...state,
    running: state.phase !== null,
    /** Whether this withdrawal's claim was refused as being revoked (Claim is then disabled). */
    isRevoking: (id: string) => id in state.revoking,
    claim,
  };
}
