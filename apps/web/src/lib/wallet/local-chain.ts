// What every local-wallet page reads from the chain: the configured RPC (never a wallet's), the token contracts
// of /config, and the three assets' balances read at one block so that they agree with each other.
import { AGC_DECIMALS, configResponse, type PublicConfig, USDT_DECIMALS } from '@agc/shared';
import { type Address, erc20Abi, type PublicClient } from 'viem';
import { request } from '../request.ts';
import { publicClientFor } from './rpc.ts';

export type LocalAsset = 'ETH' | 'USDT' | 'AGC';
export const LOCAL_ASSETS: readonly LocalAsset[] = ['ETH', 'USDT', 'AGC'];
export const ASSET_DECIMALS: Record<LocalAsset, number> = { ETH: 18, USDT: USDT_DECIMALS, AGC: AGC_DECIMALS };

export interface LocalChain {
  rpcUrl: string;
  client: PublicClient;
  /** The configured block explorer (its `/tx/<hash>` pages are linked). */
  explorerUrl: string;
  /** The ERC-20 contracts of the two tokens (ETH has none). */
  tokens: { USDT: Address; AGC: Address };
  /** Every contract of the deployment /config names (the transfer list and the review name them). */
  contracts: PublicConfig['contracts'];
}

let chain: Promise<LocalChain> | null = null;

/** The chain as /config describes it (read once; a failure is tried again by the next caller). */
export function loadLocalChain(): Promise<LocalChain> {
  chain ??= request({ url: '/config', schema: configResponse, silent: true }).then(
    (c): LocalChain => ({
      rpcUrl: c.rpc_url,
      client: publicClientFor(c.rpc_url),
      explorerUrl: c.explorer_url,
      tokens: { USDT: c.contracts.usdt as Address, AGC: c.contracts.token as Address },
      contracts: c.contracts,
    }),
    (error: unknown) => {
      chain = null;
      throw error;
    },
  );
  return chain as Promise<LocalChain>;
}

/** Forgets the cached chain (tests). */
export function resetLocalChain(): void {
  chain = null;
}

export interface LocalBalances {
  /** The block all three were read at. */
  blockNumber: bigint;
  /** Minor units (wei for ETH, 10⁻⁶ for USDT, 10⁻¹⁸ for AGC). */
  ETH: bigint;
  USDT: bigint;
  AGC: bigint;
}

/** The address's ETH, USDT and AGC at the latest block, all three read at that one block. */
export async function readLocalBalances(
  { client, tokens }: Pick<LocalChain, 'client' | 'tokens'>,
  address: Address,
): Promise<LocalBalances> {
  const blockNumber = await client.getBlockNumber({ cacheTime: 0 });
  const token = (t: Address) =>
    client.readContract({
      address: t,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
      blockNumber,
    });
  const [ETH, USDT, AGC] = await Promise.all([
    client.getBalance({ address, blockNumber }),
    token(tokens.USDT),
    token(tokens.AGC),
  ]);
  return { blockNumber, ETH, USDT, AGC };
}
