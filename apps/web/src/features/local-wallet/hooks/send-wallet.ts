// What the send and withdrawal pages read: the chain of /config and the wallet's three balances at one block
// (refreshed), plus whether the local wallet exists and is unlocked in this tab.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isLocalWalletUnlocked, localWalletAddress } from '@web/lib/wallet/local.ts';
import { loadLocalChain, readLocalBalances } from '@web/lib/wallet/local-chain.ts';
import { checkPendingSent } from '@web/lib/wallet/local-follow.ts';
import { listSent, type SentTx } from '@web/lib/wallet/local-sent.ts';
import { useEffect, useState } from 'react';
import type { Address } from 'viem';

export const BALANCES_REFRESH_MS = 15_000;
/** How often the pages look whether the key is still unlocked (the auto-lock may lock it while they are open). */
export const LOCK_CHECK_MS = 2_000;

export const localChainQuery = { queryKey: ['localWallet', 'chain'] as const, queryFn: loadLocalChain };

export function useLocalChain() {
  return useQuery({ ...localChainQuery, staleTime: Number.POSITIVE_INFINITY });
}

export function balancesKey(address: Address | undefined) {
  return ['localWallet', 'balances', address?.toLowerCase()] as const;
}

/** The wallet's ETH, USDT and AGC (minor units) at one block. */
export function useLocalBalances(address: Address | undefined) {
  const chain = useLocalChain();
  return useQuery({
    queryKey: balancesKey(address),
    queryFn: () => readLocalBalances(chain.data as NonNullable<typeof chain.data>, address as Address),
    enabled: chain.data !== undefined && address !== undefined,
    refetchInterval: BALANCES_REFRESH_MS,
  });
}

/** How often a page looks again at a pending transaction of the wallet (the result page's pace). */
export const PENDING_CHECK_MS = 2_000;

export const pendingSendsKey = (address: Address) =>
  ['localWallet', 'pendingSends', address.toLowerCase()] as const;

/**
 * This wallet's transactions still pending, checked against the chain (newest first), looked at again every 2 s
 * while there are any. The balances (read at the latest block) do not show them yet: pages that act on the balances
 * say so (send) or wait (sweep). When one settles, the balances are read again before the answer comes, so a page
 * never sees "nothing pending" beside balances from before. `paused` while the page itself is sending.
 */
export function usePendingSends(address: Address, paused = false) {
  const chain = useLocalChain();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: pendingSendsKey(address),
    queryFn: async () => {
      const pendingIn = (list: SentTx[]) => list.filter((tx) => tx.status === 'pending');
      const before = pendingIn(listSent(address)).length;
      const client = (chain.data as NonNullable<typeof chain.data>).client;
      const hashes = pendingIn(await checkPendingSent(client, address)).map((tx) => tx.hash);
      if (hashes.length < before) await queryClient.refetchQueries({ queryKey: balancesKey(address) });
      return hashes;
    },
    enabled: chain.data !== undefined && !paused,
    refetchInterval: (q) => ((q.state.data?.length ?? 0) > 0 ? PENDING_CHECK_MS : false),
  });
}

/** The stored wallet's address and whether this tab holds its key; `refresh` after unlocking. */
export function useSendWallet() {
  const [state, setState] = useState(() => ({
    address: localWalletAddress(),
    unlocked: isLocalWalletUnlocked(),
  }));
  const queryClient = useQueryClient();
  const refresh = () => {
    setState({ address: localWalletAddress(), unlocked: isLocalWalletUnlocked() });
    void queryClient.invalidateQueries({ queryKey: ['localWallet', 'balances'] });
  };
  // Locked by the auto-lock (or removed in another tab) while the page is open: ask for the password again.
  useEffect(() => {
    const timer = setInterval(() => {
      const now = { address: localWalletAddress(), unlocked: isLocalWalletUnlocked() };
      setState((was) => (was.address === now.address && was.unlocked === now.unlocked ? was : now));
    }, LOCK_CHECK_MS);
    return () => clearInterval(timer);
  }, []);
  return { ...state, refresh };
}
