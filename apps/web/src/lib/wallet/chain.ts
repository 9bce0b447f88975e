// The app only works on Arbitrum One. A wallet on another network is asked to switch; a wallet that
// does not know the network is asked to add it (with the RPC and explorer of /api/v1/config) and then
// to switch again.
import type { PublicConfig } from '@agc/shared';
import {
  AddChainError,
  isUnrecognizedChain,
  isUserRejection,
  SwitchChainError,
  toWalletError,
  UserRejectedRequestError,
} from './errors.ts';
import type { EIP1193Provider } from './types.ts';

export const ARBITRUM_ONE = {
  id: 42161,
  hex: '0xa4b1',
  name: 'Arbitrum One',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
} as const;

export type ChainConfig = Pick<PublicConfig, 'rpc_url' | 'explorer_url'> &
  Partial<Pick<PublicConfig, 'chain_name'>>;

export type EnsureChainResult = 'already' | 'switched' | 'added';

export function parseChainId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = value.startsWith('0x') || value.startsWith('0X') ? Number.parseInt(value, 16) : Number(value);
    return Number.isInteger(n) ? n : undefined;
  }
  return undefined;
}

export function addChainParams(config: ChainConfig) {
  return {
    chainId: ARBITRUM_ONE.hex,
    chainName: config.chain_name || ARBITRUM_ONE.name,
    nativeCurrency: ARBITRUM_ONE.nativeCurrency,
    rpcUrls: [config.rpc_url],
    blockExplorerUrls: config.explorer_url ? [config.explorer_url] : undefined,
  };
}

async function switchChain(provider: EIP1193Provider): Promise<void> {
  await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: ARBITRUM_ONE.hex }] });
}

/** Makes sure the wallet is on Arbitrum One (0xa4b1). Rejections become UserRejectedRequestError. */
export async function ensureChain(
  provider: EIP1193Provider,
  config: ChainConfig,
): Promise<EnsureChainResult> {
  let current: number | undefined;
  try {
    current = parseChainId(await provider.request({ method: 'eth_chainId' }));
  } catch {
    current = undefined; // a wallet that cannot tell is simply asked to switch
  }
  if (current === ARBITRUM_ONE.id) return 'already';

  try {
    await switchChain(provider);
    return 'switched';
  } catch (error) {
    if (isUserRejection(error)) throw new UserRejectedRequestError(error);
    if (!isUnrecognizedChain(error)) throw toWalletError(error, (c) => new SwitchChainError(c));
  }

  try {
    await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams(config)] });
  } catch (error) {
    throw toWalletError(error, (c) => new AddChainError(c));
  }
  // Most wallets switch when adding; asking again covers the ones that do not.
  try {
    await switchChain(provider);
  } catch (error) {
    throw toWalletError(error, (c) => new SwitchChainError(c));
  }
  return 'added';
}
