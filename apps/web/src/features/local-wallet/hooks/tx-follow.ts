// The result page: the transaction of ?hash followed until it settles (the local store is updated as it goes),
// and, while it is pending, speed up or cancel it (a replacement with the same nonce; the page then follows it).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { navigateTo } from '@web/lib/navigation.ts';
import { paths, withQuery } from '@web/lib/paths.ts';
import { checkSentHash } from '@web/lib/wallet/local-follow.ts';
import { replaceLocal } from '@web/lib/wallet/local-send.ts';
import { RECEIPT_POLL_MS } from '@web/lib/wallet/rpc.ts';
import type { Hash } from 'viem';
import { useLocalChain } from './send-wallet.ts';
import { useWalletAction } from './use-wallet-action.ts';

export const isTxHash = (v: string | null): v is Hash => v !== null && /^0x[0-9a-fA-F]{64}$/.test(v);

export function useTxFollow(hash: Hash) {
  const queryClient = useQueryClient();
  const chain = useLocalChain();
  const action = useWalletAction();
  const tx = useQuery({
    queryKey: ['localWallet', 'tx', hash.toLowerCase()],
    queryFn: async () =>
      (await checkSentHash((chain.data as NonNullable<typeof chain.data>).client, hash)) ?? null,
    enabled: chain.data !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? RECEIPT_POLL_MS : false),
  });

  /** Replaces the pending transaction (same nonce, fees +10% at least) and follows the replacement. */
  const replace = (mode: 'speedUp' | 'cancel') =>
    void action.run(async () => {
      if (!chain.data || !tx.data) return;
      const next = await replaceLocal(chain.data, tx.data, mode);
      void queryClient.invalidateQueries({ queryKey: ['localWallet'] });
      await navigateTo(withQuery(paths.localWalletResult, { hash: next.hash }));
    });

  return { chain, tx, replace, busy: action.busy, error: action.error };
}

export type TxFollow = ReturnType<typeof useTxFollow>;
