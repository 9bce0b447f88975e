import { isDevKeyAddress } from '@agc/contracts/accounts';
import { privateKeyToAccount } from 'viem/accounts';

/** Values people leave in place of a secret (compared case-insensitively, also as a part of it). */
const KNOWN_WEAK = [
  'changeme',
  'change-me',
  'secret',
  'password',
  'default',
  'example',
  'development',
  'test',
];

/** Estimated bits: length × Shannon entropy of the characters used. A rough floor, not a proof of randomness. */
export function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * value.length;
}

/** The least a production session secret must carry (`openssl rand -hex 32` gives ~240 by this estimate). */
export const MIN_SECRET_BITS = 128;

/**
 * Why a session secret is not good enough for production, or null: short, a known placeholder, or too
 * little entropy (a repeated word, a keyboard run of few characters).
 */
export function secretWeakness(secret: string): string | null {
  if (secret.length < 32) return 'must be at least 32 characters';
  const lower = secret.toLowerCase();
  const known = KNOWN_WEAK.find((w) => lower.includes(w));
  if (known)
    return `looks like a placeholder (contains "${known}"): generate one with \`openssl rand -hex 32\``;
  const bits = estimatedBits(secret);
  if (bits < MIN_SECRET_BITS)
    return `has too little entropy (~${Math.floor(bits)} bits, needs ${MIN_SECRET_BITS}): generate one with \`openssl rand -hex 32\``;
  return null;
}

/** True when a private key belongs to the public development mnemonic (anvil's and hardhat's accounts). */
export function isDevelopmentKey(privateKey: string): boolean {
  try {
    return isDevKeyAddress(privateKeyToAccount(privateKey as `0x${string}`).address);
  } catch {
    return false;
  }
}
