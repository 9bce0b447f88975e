// The wallet's ETH, USDT and AGC, read at one block from the configured RPC: every 15 s while the page is
// open, and again when the window regains focus.
import { useQuery } from '@tanstack/react-query';
import { loadLocalChain, readLocalBalances } from '@web/lib/wallet/local-chain.ts';
import type { Address } from 'viem';

export const BALANCE_REFRESH_MS = 15_000;

export const localWalletKeys = {
  all: ['localWallet'] as const,
  balances: (address: string) => ['localWallet', 'balances', address.toLowerCase()] as const,
  history: (address: string) => ['localWallet', 'history', address.toLowerCase()] as const,
};

export function useLocalBalances(address: Address | undefined) {
  return useQuery({
    queryKey: localWalletKeys.balances(address ?? ''),
    queryFn: async () => readLocalBalances(await loadLocalChain(), address as Address),
    enabled: Boolean(address),
    refetchInterval: BALANCE_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    retry: 1,
  });
}
