// The wallet the current session signed in with, and the rule that decides when a changed wallet
// account forces a new login.
import { type DiscoveredWallet, findWallet } from './discovery.ts';
import type { EIP1193Provider } from './types.ts';

let active: DiscoveredWallet | null = null;

export function setActiveWallet(wallet: DiscoveredWallet | null): void {
  active = wallet;
}

export function getActiveWallet(): DiscoveredWallet | null {
  return active;
}

/** The wallet of the stored session: the one used this page-load, else the one with the stored rdns. */
export async function sessionWallet(rdns: string | undefined): Promise<DiscoveredWallet | undefined> {
  if (active && (!rdns || active.info.rdns === rdns)) return active;
  return findWallet(rdns);
}

/**
 * Whether the wallet's account no longer matches the stored address (compared case-insensitively).
 * At start-up an empty account list only means a locked wallet and is not a change; an
 * `accountsChanged` event with no account means the user disconnected this site, which is.
 */
export function accountChanged(
  storedAddress: string | undefined,
  current: string | undefined,
  fromEvent: boolean,
): boolean {
  if (!storedAddress) return false;
  if (!current) return fromEvent;
  return current.toLowerCase() !== storedAddress.toLowerCase();
}

/** eth_accounts without prompting: the current account as the wallet reports it, or undefined. */
export async function currentAccount(provider: EIP1193Provider): Promise<string | undefined> {
  try {
    const accounts = await provider.request({ method: 'eth_accounts' });
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    return typeof first === 'string' && /^0x[0-9a-fA-F]{40}$/.test(first) ? first : undefined;
  } catch {
    return undefined;
  }
}
