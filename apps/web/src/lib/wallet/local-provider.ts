// The local wallet as an EIP-1193 provider announced through EIP-6963, so the login page treats it like
// any browser wallet. This file stays small: the signing code (viem accounts) loads on first use.
import { LOCAL_WALLET_RDNS } from './discovery.ts';
import { hasLocalWallet } from './local-keystore.ts';
import type { TxReviewPrompt } from './local-review.ts';
import type {
  EIP1193Provider,
  EIP6963ProviderDetail,
  EIP6963ProviderInfo,
  ProviderListener,
  RequestArguments,
} from './types.ts';

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3e3e3e"/>' +
      '<rect x="7" y="10" width="18" height="13" rx="2" fill="none" stroke="#fff" stroke-width="2"/>' +
      '<circle cx="21" cy="16.5" r="1.6" fill="#fff"/></svg>',
  );

function uuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `local-${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
}

export const LOCAL_WALLET_NAME = 'AGC Local Wallet';

export const localWalletInfo: EIP6963ProviderInfo = Object.freeze({
  uuid: uuid(),
  name: LOCAL_WALLET_NAME,
  icon: ICON,
  rdns: LOCAL_WALLET_RDNS,
});

const listeners = new Map<string, Set<ProviderListener>>();

export function emitLocal(event: string, ...args: unknown[]): void {
  for (const listener of listeners.get(event) ?? []) {
    try {
      listener(...args);
    } catch {
      // a listener's failure must not break the wallet
    }
  }
}

/** Asked for the password when a dApp call needs the key while the wallet is locked. */
export type UnlockPrompt = () => Promise<string>;
let unlockPrompt: UnlockPrompt | null = null;

export function setLocalUnlockPrompt(prompt: UnlockPrompt | null): void {
  unlockPrompt = prompt;
}

/**
 * Asked before the local wallet signs a transaction for the app (local-review.ts); null: nothing can be reviewed
 * here, so no app transaction is signed.
 */
let reviewPrompt: TxReviewPrompt | null = null;

export function setLocalReviewPrompt(prompt: TxReviewPrompt | null): void {
  reviewPrompt = prompt;
}

async function handle(args: RequestArguments, review: TxReviewPrompt | 'confirmedByPage' | null) {
  const { handleLocalRequest } = await import('./local.ts');
  return handleLocalRequest(args.method, Array.isArray(args.params) ? args.params : [], {
    promptUnlock: unlockPrompt,
    review,
  });
}

/**
 * The local wallet's own pages (send, sweep, speed up, cancel): they show their own confirmation of exactly what
 * is signed (amount, recipient, fee) before they call this, so their transactions are not reviewed twice. Only
 * lib/wallet/local-send.ts uses it; everything else signs through `localWalletProvider`.
 */
export const localWalletOwnSender: Pick<EIP1193Provider, 'request'> = {
  request: (args) => handle(args, 'confirmedByPage'),
};

export const localWalletProvider: EIP1193Provider = {
  request: (args) => handle(args, reviewPrompt),
  on(event, listener) {
    let set = listeners.get(event);
    if (!set) {
      set = new Set();
      listeners.set(event, set);
    }
    set.add(listener);
    return localWalletProvider;
  },
  removeListener(event, listener) {
    listeners.get(event)?.delete(listener);
    return localWalletProvider;
  },
};

/** Announces the local wallet, but only once one has been created or imported in this browser. */
export function announceLocalWallet(): void {
  if (typeof window === 'undefined' || !hasLocalWallet()) return;
  const detail: EIP6963ProviderDetail = Object.freeze({
    info: localWalletInfo,
    provider: localWalletProvider,
  });
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
}

let installed = false;

/** Start-up: answer every EIP-6963 request with the local wallet. */
export function installLocalWallet(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('eip6963:requestProvider', announceLocalWallet);
  announceLocalWallet();
}
