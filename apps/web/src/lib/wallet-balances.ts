// The wallet's own balances (ETH for gas, USDT, AGC), read from the configured RPC: what a member holds in the
// wallet, as opposed to what the app owes them (/me). Read-only; the home page and the checkout show them.
import type { PublicConfig } from '@agc/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface WalletBalances {
  /** Native ETH, in wei. */
  eth: bigint;
  /** USDT, 6 decimals. */
  usdt: bigint;
  /** AGC, 18 decimals. */
  agc: bigint;
}

const walletBalancesKey = (address: string | undefined) =>
  ['wallet-balances', address?.toLowerCase()] as const;

export function walletBalancesQueryOptions(config: PublicConfig | undefined, address: string | undefined) {
  return queryOptions({
    queryKey: walletBalancesKey(address),
    enabled: Boolean(config && address),
    staleTime: 15_000,
    queryFn: async (): Promise<WalletBalances> => {
      if (!config || !address) throw new Error('wallet balances need the config and an address');
      // viem loads with the first read, not with the app: home and the account page are in the login route's
      // bundle, which must stay small.
      const [{ erc20Abi }, { publicClientFor }] = await Promise.all([
        import('viem'),
        import('./wallet/rpc.ts'),
      ]);
      const client = publicClientFor(config.rpc_url);
      const owner = address as `0x${string}`;
      const erc20 = (token: `0x${string}`) =>
        client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
      const [eth, usdt, agc] = await Promise.all([
        client.getBalance({ address: owner }),
        erc20(config.contracts.usdt as `0x${string}`),
        erc20(config.contracts.token as `0x${string}`),
      ]);
      return { eth, usdt, agc };
    },
  });
}

/** The balances of `address` (undefined while there is no address or config). */
export const useWalletBalances = (config: PublicConfig | undefined, address: string | undefined) =>
  useQuery(walletBalancesQueryOptions(config, address));
