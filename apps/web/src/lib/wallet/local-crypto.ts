// The local wallet's key at rest: AES-GCM-256 under a key derived from the password with
// PBKDF2-SHA256 (600 000 iterations, OWASP's figure for PBKDF2-HMAC-SHA256; 16-byte random salt, 12-byte random
// IV). The address is authenticated as additional data, so a stored address cannot be swapped under a ciphertext.
// A wallet stored with fewer iterations (250 000 before) still opens and is re-encrypted at once (local.ts).
import { WrongPasswordError } from './errors.ts';

export const PBKDF2_ITERATIONS = 600_000;
/**
 * Refuse stored iteration counts below this (a tampered keystore must not weaken the KDF). Older wallets hold
 * 250 000: they open, and their next unlock stores them again with PBKDF2_ITERATIONS.
 */
export const MIN_PBKDF2_ITERATIONS = 200_000;

/** Whether a stored wallet should be encrypted again with today's iteration count. */
export const needsRehash = (encrypted: Pick<EncryptedSecret, 'iterations'>): boolean =>
  encrypted.iterations < PBKDF2_ITERATIONS;

export interface EncryptedSecret {
  ciphertext: string;
  salt: string;
  iv: string;
  iterations: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s)
    throw new Error(
      'WebCrypto is not available (the local wallet needs a secure context: https or localhost)',
    );
  return s;
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

async function deriveKey(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const base = await subtle().importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveKey']);
  return subtle().deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function encryptSecret(
  secret: string,
  password: string,
  options: { additionalData?: string; iterations?: number } = {},
): Promise<EncryptedSecret> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = await deriveKey(password, salt, iterations);
  const params: AesGcmParams = { name: 'AES-GCM', iv };
  if (options.additionalData !== undefined) params.additionalData = encoder.encode(options.additionalData);
  const ciphertext = new Uint8Array(await subtle().encrypt(params, key, encoder.encode(secret)));
  return { ciphertext: toBase64(ciphertext), salt: toBase64(salt), iv: toBase64(iv), iterations };
}

/** Decrypts; a wrong password (or any tampering) fails AES-GCM's check and throws WrongPasswordError. */
export async function decryptSecret(
  encrypted: EncryptedSecret,
  password: string,
  options: { additionalData?: string } = {},
): Promise<string> {
  if (!Number.isInteger(encrypted.iterations) || encrypted.iterations < MIN_PBKDF2_ITERATIONS) {
    throw new Error('The stored local wallet uses too few key-derivation iterations');
  }
  const key = await deriveKey(password, fromBase64(encrypted.salt), encrypted.iterations);
  const params: AesGcmParams = { name: 'AES-GCM', iv: fromBase64(encrypted.iv) };
  if (options.additionalData !== undefined) params.additionalData = encoder.encode(options.additionalData);
  try {
    return decoder.decode(await subtle().decrypt(params, key, fromBase64(encrypted.ciphertext)));
  } catch (error) {
    throw new WrongPasswordError(error);
  }
}
