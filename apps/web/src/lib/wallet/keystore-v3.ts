// Web3 Secret Storage (keystore JSON v3), the file format MetaMask, Rabby, Trust Wallet, geth, ethers and
// web3.py import and export: the key under AES-128-CTR with a key derived from the password by scrypt (default
// n=131072 r=8 p=1, ethers' default; geth's "standard" is n=262144, its "light" n=4096) or PBKDF2-HMAC-SHA256, and a MAC of
// keccak256(derivedKey[16..32] ++ ciphertext) that tells a wrong password from a right one.
// Only the local wallet's pages import this file (scrypt is heavy): never the login route.
import { pbkdf2Async } from '@noble/hashes/pbkdf2';
import { scryptAsync } from '@noble/hashes/scrypt';
import { sha256 } from '@noble/hashes/sha2';
import { keccak_256 } from '@noble/hashes/sha3';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { privateKeyToAccount } from 'viem/accounts';
import { WalletError, WrongPasswordError } from './errors.ts';

export interface ScryptParams {
  dklen: number;
  n: number;
  r: number;
  p: number;
  salt: string;
}

export interface Pbkdf2Params {
  dklen: number;
  c: number;
  prf: 'hmac-sha256';
  salt: string;
}

export interface KeystoreV3 {
  version: 3;
  id: string;
  /** Lowercase hex, without 0x (as geth writes it). */
  address: string;
  crypto: {
    cipher: 'aes-128-ctr';
    cipherparams: { iv: string };
    ciphertext: string;
    kdf: 'scrypt' | 'pbkdf2';
    kdfparams: ScryptParams | Pbkdf2Params;
    mac: string;
  };
}

/** scrypt's defaults for an export: ethers' n=131072 (geth's "standard" is 262144; both open either). */
export const SCRYPT_DEFAULTS = { n: 131_072, r: 8, p: 1 } as const;
/** PBKDF2's iteration count when asked for (the Web3 Secret Storage specification's example uses 262144). */
export const PBKDF2_DEFAULT_C = 262_144;

// Limits on what an imported file may ask for: a crafted file must not freeze or exhaust the browser.
/** scrypt memory is 128·n·r bytes: at most 256 MiB. */
const MAX_SCRYPT_MEMORY = 256 * 1024 * 1024;
const MAX_SCRYPT_P = 16;
const MAX_PBKDF2_C = 10_000_000;
/** Below these a file is not worth trusting a key to (and is refused as corrupt). */
const MIN_SCRYPT_N = 1024;
const MIN_PBKDF2_C = 1000;

/** The file is not a keystore v3 this wallet can read (corrupt, another format, unsupported cipher/kdf). */
export class KeystoreFormatError extends WalletError {
  override name = 'KeystoreFormatError';
  constructor(detail: string, cause?: unknown) {
    super(`Not a readable keystore file: ${detail}`, {
      cause,
      i18nKey: 'localWalletPages.keystore.errors.invalidFile',
    });
  }
}

export interface KeystoreProgress {
  /** 0..1 of the key derivation. */
  onProgress?: (fraction: number) => void;
}

export interface EncryptOptions extends KeystoreProgress {
  kdf?: 'scrypt' | 'pbkdf2';
  /** scrypt cost (tests use a small one); r and p as SCRYPT_DEFAULTS unless given. */
  n?: number;
  r?: number;
  p?: number;
  /** PBKDF2 iterations. */
  c?: number;
  /** Fixed randomness (tests only). */
  salt?: Uint8Array;
  iv?: Uint8Array;
  uuid?: string;
}

const encoder = new TextEncoder();

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s)
    throw new WalletError('WebCrypto is not available (a secure context is needed: https or localhost)');
  return s;
}

function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

/** An RFC 4122 version 4 UUID from random bytes. */
function uuidV4(bytes: Uint8Array = randomBytes(16)): string {
  const b = Uint8Array.from(bytes);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = bytesToHex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

async function aes128Ctr(
  key: Uint8Array,
  iv: Uint8Array,
  data: Uint8Array,
  direction: 'encrypt' | 'decrypt',
): Promise<Uint8Array> {
  const cryptoKey = await subtle().importKey('raw', Uint8Array.from(key), { name: 'AES-CTR' }, false, [
    direction,
  ]);
  // The whole 16-byte IV is the counter block, incremented as one 128-bit big-endian number (as geth does).
  const params: AesCtrParams = { name: 'AES-CTR', counter: Uint8Array.from(iv), length: 128 };
  const out =
    direction === 'encrypt'
      ? await subtle().encrypt(params, cryptoKey, Uint8Array.from(data))
      : await subtle().decrypt(params, cryptoKey, Uint8Array.from(data));
  return new Uint8Array(out);
}

function mac(derivedKey: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  const input = new Uint8Array(16 + ciphertext.length);
  input.set(derivedKey.subarray(16, 32), 0);
  input.set(ciphertext, 16);
  return keccak_256(input);
}

function deriveKey(
  password: Uint8Array,
  kdf: 'scrypt' | 'pbkdf2',
  params: ScryptParams | Pbkdf2Params,
  progress: KeystoreProgress,
): Promise<Uint8Array> {
  const salt = hexToBytes(params.salt);
  if (kdf === 'scrypt') {
    const { n, r, p, dklen } = params as ScryptParams;
    return scryptAsync(password, salt, {
      N: n,
      r,
      p,
      dkLen: dklen,
      maxmem: MAX_SCRYPT_MEMORY + 1024,
      asyncTick: 10,
      onProgress: progress.onProgress,
    });
  }
  const { c, dklen } = params as Pbkdf2Params;
  progress.onProgress?.(0);
  return pbkdf2Async(sha256, password, salt, { c, dkLen: dklen, asyncTick: 10 }).then((key) => {
    progress.onProgress?.(1);
    return key;
  });
}

const hex0x = (bytes: Uint8Array) => `0x${bytesToHex(bytes)}` as const;

/** Encrypts a private key into a keystore v3 object (scrypt unless `kdf: 'pbkdf2'`). */
export async function encryptKeystoreV3(
  privateKey: `0x${string}`,
  password: string,
  options: EncryptOptions = {},
): Promise<KeystoreV3> {
  const account = privateKeyToAccount(privateKey);
  const secret = hexToBytes(privateKey.slice(2));
  if (secret.length !== 32) throw new WalletError('A private key has 32 bytes');
  const kdf = options.kdf ?? 'scrypt';
  const salt = bytesToHex(options.salt ?? randomBytes(32));
  const iv = options.iv ?? randomBytes(16);
  if (iv.length !== 16) throw new WalletError('The AES-CTR IV has 16 bytes');
  const kdfparams: ScryptParams | Pbkdf2Params =
    kdf === 'scrypt'
      ? {
          dklen: 32,
          n: options.n ?? SCRYPT_DEFAULTS.n,
          r: options.r ?? SCRYPT_DEFAULTS.r,
          p: options.p ?? SCRYPT_DEFAULTS.p,
          salt,
        }
      : { dklen: 32, c: options.c ?? PBKDF2_DEFAULT_C, prf: 'hmac-sha256', salt };
  const derivedKey = await deriveKey(encoder.encode(password), kdf, kdfparams, options);
  const ciphertext = await aes128Ctr(derivedKey.subarray(0, 16), iv, secret, 'encrypt');
  return {
    version: 3,
    id: options.uuid ?? uuidV4(),
    address: account.address.slice(2).toLowerCase(),
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: bytesToHex(iv) },
      ciphertext: bytesToHex(ciphertext),
      kdf,
      kdfparams,
      mac: bytesToHex(mac(derivedKey, ciphertext)),
    },
  };
}

const isHexOf = (v: unknown, bytes?: number): v is string =>
  typeof v === 'string' &&
  /^(0x)?([0-9a-fA-F]{2})+$/.test(v) &&
  (bytes === undefined || v.replace(/^0x/, '').length === bytes * 2);
const strip0x = (v: string) => v.replace(/^0x/, '').toLowerCase();
const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max;

/**
 * Reads and checks a keystore v3 (a parsed object or the file's text) without the password: version, cipher,
 * kdf and its bounds, hex fields. Throws KeystoreFormatError naming what is wrong.
 */
export function parseKeystoreV3(input: unknown): KeystoreV3 {
  let raw = input;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch (error) {
      throw new KeystoreFormatError('not JSON', error);
    }
  }
  if (typeof raw !== 'object' || raw === null) throw new KeystoreFormatError('not an object');
  const file = raw as Record<string, unknown>;
  if (file.version !== 3) throw new KeystoreFormatError('version is not 3');
  // geth writes "crypto"; some old tools wrote "Crypto".
  const c = (file.crypto ?? file.Crypto) as Record<string, unknown> | undefined;
  if (typeof c !== 'object' || c === null) throw new KeystoreFormatError('no crypto section');
  if (c.cipher !== 'aes-128-ctr') throw new KeystoreFormatError(`unsupported cipher ${String(c.cipher)}`);
  const iv = (c.cipherparams as { iv?: unknown } | undefined)?.iv;
  if (!isHexOf(iv, 16)) throw new KeystoreFormatError('bad iv');
  if (!isHexOf(c.ciphertext, 32)) throw new KeystoreFormatError('the ciphertext is not a 32-byte key');
  if (!isHexOf(c.mac, 32)) throw new KeystoreFormatError('bad mac');
  const kp = c.kdfparams as Record<string, unknown> | undefined;
  if (typeof kp !== 'object' || kp === null) throw new KeystoreFormatError('no kdfparams');
  if (!isHexOf(kp.salt) || strip0x(kp.salt).length < 16) throw new KeystoreFormatError('bad salt');
  if (kp.dklen !== 32) throw new KeystoreFormatError('dklen is not 32');
  let kdfparams: ScryptParams | Pbkdf2Params;
  if (c.kdf === 'scrypt') {
    const { n, r, p } = kp;
    if (!isInt(r, 1, 64) || !isInt(p, 1, MAX_SCRYPT_P) || !isInt(n, MIN_SCRYPT_N, 2 ** 24))
      throw new KeystoreFormatError('scrypt parameters out of range');
    if ((n & (n - 1)) !== 0) throw new KeystoreFormatError('scrypt n is not a power of two');
    if (128 * n * r > MAX_SCRYPT_MEMORY) throw new KeystoreFormatError('scrypt needs too much memory');
    kdfparams = { dklen: 32, n, r, p, salt: strip0x(kp.salt) };
  } else if (c.kdf === 'pbkdf2') {
    if (kp.prf !== 'hmac-sha256') throw new KeystoreFormatError(`unsupported prf ${String(kp.prf)}`);
    if (!isInt(kp.c, MIN_PBKDF2_C, MAX_PBKDF2_C))
      throw new KeystoreFormatError('pbkdf2 iterations out of range');
    kdfparams = { dklen: 32, c: kp.c, prf: 'hmac-sha256', salt: strip0x(kp.salt) };
  } else {
    throw new KeystoreFormatError(`unsupported kdf ${String(c.kdf)}`);
  }
  const address = typeof file.address === 'string' ? strip0x(file.address) : '';
  if (address && !/^[0-9a-f]{40}$/.test(address)) throw new KeystoreFormatError('bad address');
  return {
    version: 3,
    id: typeof file.id === 'string' ? file.id : '',
    address,
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: strip0x(iv) },
      ciphertext: strip0x(c.ciphertext),
      kdf: c.kdf,
      kdfparams,
      mac: strip0x(c.mac),
    },
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/**
 * The private key of a keystore v3 (object or file text). Wrong password → WrongPasswordError; a file that is
 * not a readable keystore, or whose address does not match its key → KeystoreFormatError. The password is taken
 * as its UTF-8 bytes (geth, web3.py, ethereumjs); when that fails and its NFKC form differs (ethers
 * normalises), that form is tried too.
 */
export async function decryptKeystoreV3(
  input: unknown,
  password: string,
  progress: KeystoreProgress = {},
): Promise<{ privateKey: `0x${string}`; address: `0x${string}` }> {
  const ks = parseKeystoreV3(input);
  const ciphertext = hexToBytes(ks.crypto.ciphertext);
  const expectedMac = hexToBytes(ks.crypto.mac);
  const candidates = [password];
  const nfkc = password.normalize('NFKC');
  if (nfkc !== password) candidates.push(nfkc);
  for (const candidate of candidates) {
    const derivedKey = await deriveKey(
      encoder.encode(candidate),
      ks.crypto.kdf,
      ks.crypto.kdfparams,
      progress,
    );
    if (!sameBytes(mac(derivedKey, ciphertext), expectedMac)) continue;
    const secret = await aes128Ctr(
      derivedKey.subarray(0, 16),
      hexToBytes(ks.crypto.cipherparams.iv),
      ciphertext,
      'decrypt',
    );
    const privateKey = hex0x(secret);
    let address: `0x${string}`;
    try {
      address = privateKeyToAccount(privateKey).address;
    } catch (error) {
      throw new KeystoreFormatError('the key is not a valid secp256k1 key', error);
    }
    if (ks.address && ks.address !== address.slice(2).toLowerCase())
      throw new KeystoreFormatError('the address does not match the key');
    return { privateKey, address };
  }
  throw new WrongPasswordError();
}

/** The file name other wallets give a keystore: UTC--2026-11-25T03-10-10.123Z--<address lowercase>.json. */
export function keystoreFileName(address: string, now: Date = new Date()): string {
  return `UTC--${now.toISOString().replace(/:/g, '-')}--${strip0x(address)}.json`;
}
