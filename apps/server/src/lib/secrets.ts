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

/** Shannon bits: length × entropy of the characters used. Blind to order: a sequence typed twice scores high. */
export function shannonBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * value.length;
}

/** Runs a guesser tries first (zxcvbn's "sequence" and "spatial" matches, reduced to straight runs). */
const SEQUENCES = [
  'abcdefghijklmnopqrstuvwxyz',
  '0123456789',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1234567890',
  '!@#$%^&*()',
];
/** Shortest run counted as a sequence; shorter ones are cheaper as single characters. */
const MIN_RUN = 3;
/** Longer values are estimated on their first this many characters (a lower bound, and bounded work). */
const MAX_ANALYSED = 256;

/** Bits per character of guessing blind: log2 of the alphabet of the character classes the value uses. */
function bruteForceBitsPerChar(chars: string[]): number {
  let size = 0;
  if (chars.some((c) => /[a-z]/.test(c))) size += 26;
  if (chars.some((c) => /[A-Z]/.test(c))) size += 26;
  if (chars.some((c) => /[0-9]/.test(c))) size += 10;
  if (chars.some((c) => !/[a-zA-Z0-9]/.test(c))) size += 33;
  return Math.log2(Math.max(size, 2));
}

const RUNS = SEQUENCES.flatMap((seq) => [seq, [...seq].reverse().join('')]);

/** Whether chars[i..j) is a run of one known sequence, forwards or backwards (case-insensitive). */
function isRun(chars: string[], i: number, j: number): boolean {
  const text = chars.slice(i, j).join('').toLowerCase();
  return RUNS.some((run) => run.includes(text));
}

/**
 * Bits a guesser needs for a run: which sequence and where it starts (~log2(26·7)), its length and direction, as
 * zxcvbn counts a sequence match.
 */
const runBits = (length: number) => Math.log2(26 * SEQUENCES.length) + Math.log2(length) + 1;

/**
 * A pattern-aware estimate of a secret's strength in bits, in the manner of zxcvbn: the cheapest way to spell
 * the value as a chain of single characters (guessed blind), runs of a known sequence (`abcdef`, `6543`,
 * `qwerty`) and repetitions of a block (`xyzxyzxyz` = the block's bits + log2 of the count), found by dynamic
 * programming over every split. It refuses what Shannon entropy cannot see: structure.
 */
export function patternBits(value: string): number {
  const memo = new Map<string, number>();
  const estimate = (text: string): number => {
    const known = memo.get(text);
    if (known !== undefined) return known;
    const chars = Array.from(text).slice(0, MAX_ANALYSED);
    const n = chars.length;
    const perChar = bruteForceBitsPerChar(chars);
    const best = new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY);
    best[0] = 0;
    for (let j = 1; j <= n; j++) {
      let cost = (best[j - 1] ?? 0) + perChar;
      for (let i = 0; i <= j - 2; i++) {
        const before = best[i] ?? 0;
        const length = j - i;
        if (length >= MIN_RUN && isRun(chars, i, j)) cost = Math.min(cost, before + runBits(length));
        // chars[i..j) as `count` copies of a block of `size` characters
        for (let size = 1; size <= length / 2; size++) {
          if (length % size !== 0) continue;
          let repeats = true;
          for (let k = i + size; k < j && repeats; k++) repeats = chars[k] === chars[k - size];
          if (!repeats) continue;
          const block = chars.slice(i, i + size).join('');
          cost = Math.min(cost, before + estimate(block) + Math.log2(length / size));
          break; // the smallest block is the cheapest spelling
        }
      }
      best[j] = cost;
    }
    const bits = best[n] ?? 0;
    memo.set(text, bits);
    return bits;
  };
  return estimate(value);
}

/** The estimate the production check uses: the lower of the pattern-aware and the Shannon figure. */
export const estimatedBits = (value: string): number => Math.min(patternBits(value), shannonBits(value));

/** The least a production session secret must carry (`openssl rand -hex 32` gives ~240 by this estimate). */
export const MIN_SECRET_BITS = 128;

/**
 * Why a session secret is not good enough for production, or null: short, a known placeholder, or too
 * little entropy by the pattern-aware estimate (a repeated block, a sequence or keyboard run, few characters).
 */
export function secretWeakness(secret: string): string | null {
  if (secret.length < 32) return 'must be at least 32 characters';
  const lower = secret.toLowerCase();
  const known = KNOWN_WEAK.find((w) => lower.includes(w));
  // A placeholder word in a secret that is random around it is chance, not a placeholder: `openssl rand -base64 32`
  // spells "test" about once in 25,000 secrets. What is left without the words decides: a random secret keeps more
  // than enough (a 32-byte base64 one over 140 bits by the estimate), a phrase around placeholder words about 100.
  const rest = KNOWN_WEAK.reduce((left, w) => left.replaceAll(w, ''), lower);
  if (known && estimatedBits(rest) < MIN_SECRET_BITS)
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
