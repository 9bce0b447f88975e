// The list page's data: the stored history window (shown at once), refreshed from the chain on open, on
// pull-to-refresh and every 15 s while a send is pending; "load more" reads older ranges.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { loadLocalChain } from '@web/lib/wallet/local-chain.ts';
import { buildList, type HistorySnapshot, LocalHistory } from '@web/lib/wallet/local-history.ts';
import { listSent } from '@web/lib/wallet/local-sent.ts';
import { useCallback } from 'react';
import type { Address } from 'viem';
import { localWalletKeys } from './use-local-balances.ts';

const PENDING_REFRESH_MS = 15_000;

async function reader(address: Address): Promise<LocalHistory> {
  const chain = await loadLocalChain();
  return new LocalHistory(chain.client, address, chain.tokens);
}

export function useLocalHistory(address: Address | undefined) {
  const queryClient = useQueryClient();
  const key = localWalletKeys.history(address ?? '');
  const query = useQuery({
    queryKey: key,
    queryFn: async (): Promise<HistorySnapshot> => (await reader(address as Address)).refresh(),
    enabled: Boolean(address),
    refetchInterval: () =>
      address && listSent(address).some((s) => s.status === 'pending') ? PENDING_REFRESH_MS : false,
    retry: 1,
  });

  const loadMore = useCallback(async () => {
    if (!address) return;
    const snapshot = await (await reader(address)).loadOlder();
    queryClient.setQueryData(localWalletKeys.history(address), snapshot);
  }, [address, queryClient]);

  const snapshot = query.data;
  const items =
    snapshot && address
      ? buildList(snapshot.items, listSent(address), {
          hasMore: snapshot.hasMore,
          oldestTime: snapshot.oldestTime,
        })
      : [];
  return {
    items,
    isPending: query.isPending && Boolean(address),
    error: query.error,
    hasMore: snapshot?.hasMore ?? false,
    loadMore,
    refresh: () => query.refetch(),
  };
}
