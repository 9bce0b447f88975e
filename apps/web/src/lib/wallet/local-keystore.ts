// What the local wallet keeps in localStorage: ciphertext, salt, IV, iteration count and the address.
// Never the key itself.
import type { EncryptedSecret } from './local-crypto.ts';

export const LOCAL_WALLET_STORAGE_KEY = 'agc_local_wallet';

export interface LocalKeystore extends EncryptedSecret {
  version: 1;
  address: `0x${string}`;
  kdf: 'PBKDF2-SHA256';
  cipher: 'AES-GCM';
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readKeystore(): LocalKeystore | null {
  const raw = storage()?.getItem(LOCAL_WALLET_STORAGE_KEY);
  if (!raw) return null;
  try {
    const ks = JSON.parse(raw) as Partial<LocalKeystore>;
    if (
      ks.version === 1 &&
      typeof ks.address === 'string' &&
      /^0x[0-9a-fA-F]{40}$/.test(ks.address) &&
      typeof ks.ciphertext === 'string' &&
      typeof ks.salt === 'string' &&
      typeof ks.iv === 'string' &&
      typeof ks.iterations === 'number'
    ) {
      return ks as LocalKeystore;
    }
  } catch {
    // fall through: an unreadable entry counts as no wallet
  }
  return null;
}

export function writeKeystore(keystore: LocalKeystore): void {
  storage()?.setItem(LOCAL_WALLET_STORAGE_KEY, JSON.stringify(keystore));
}

export function removeKeystore(): void {
  storage()?.removeItem(LOCAL_WALLET_STORAGE_KEY);
}

export function hasLocalWallet(): boolean {
  return readKeystore() !== null;
}
