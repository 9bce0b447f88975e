// Ending a session touches several stores and caches; this is the one place that does it.
import { useAuthStore } from '@web/stores/auth.ts';
import { useWalletStore } from '@web/stores/wallet.ts';

const listeners = new Set<() => void>();

/** Registers work to do when the session ends (the app clears its query cache here). */
export function onSessionCleared(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Clears the token and the wallet store with its stored keys. */
export function clearSession(): void {
  useAuthStore.getState().clear();
  useWalletStore.getState().disconnect();
  for (const listener of listeners) listener();
}

/** Stores a new session after a successful sign-in. */
export function startSession(token: string, address: string, walletRdns?: string): void {
  useWalletStore.getState().setAccount(address, walletRdns);
  useAuthStore.getState().setToken(token);
}
