import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { WrongPasswordError } from './errors.ts';
import {
  decryptKeystoreV3,
  encryptKeystoreV3,
  KeystoreFormatError,
  keystoreFileName,
  parseKeystoreV3,
} from './keystore-v3.ts';

// The Web3 Secret Storage definition's test vectors (password "testpassword").
const SPEC_SECRET = '0x7a28b5ba57c53603b0b07b56bba752f7784bf506fa95edc395f5cf6c7514fe9d';
const SPEC_ADDRESS = '0x008AeEda4D805471dF9b2A5B0f38A0C3bCBA786b';
const SPEC_PBKDF2 = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '6087dab2f9fdbbfaddc31a909735c1e6' },
    ciphertext: '5318b4d5bcd28de64ee5559e671353e16f075ecae9f99c7a79a38af5f869aa46',
    kdf: 'pbkdf2',
    kdfparams: {
      c: 262144,
      dklen: 32,
      prf: 'hmac-sha256',
      salt: 'ae3cd4e7013836a3df6bd7241b12db061dbe2c6785853cce422d148a624ce0bd',
    },
    mac: '517ead924a9d0dc3124507e3393d175ce3ff7c1e96529c6c555ce9e51205e9b2',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};
const SPEC_SCRYPT = {
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '83dbcc02d8ccb40e466191a123791e0e' },
    ciphertext: 'd172bf743a674da9cdad04534d56926ef8358534d458fffccd4e6ad2fbde479c',
    kdf: 'scrypt',
    kdfparams: {
      dklen: 32,
      n: 262144,
      p: 8,
      r: 1,
      salt: 'ab0c7876052600dd703518d6fc3fe8984592145b591fc8fb5c6d43190334ba19',
    },
    mac: '2103ac29920d71da29f15d75b4a16dbe95cfd7ff8faea1056c33131d846e3097',
  },
  id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
  version: 3,
};

// Made by features/local-wallet/testdata/make-keystore.py (Python hashlib scrypt/PBKDF2, OpenSSL AES-CTR through
// the `cryptography` package, its own Keccak): another implementation than this file's. The key is anvil's
// second development key (public, never holds real funds).
const OTHER_TOOL_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const OTHER_TOOL_PASSWORD = 'pässwörd another tool';
const OTHER_TOOL_SCRYPT = {
  version: 3,
  id: 'b5c0be5a-120e-45e2-b768-7698e0c63f8f',
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '86da3efdf44ff757195162614be57f8a' },
    ciphertext: 'db1a6ab1f2102b6a330ebad78c3b00c4b58de9f806e10d2f136beae7a90cd0a4',
    kdf: 'scrypt',
    kdfparams: {
      dklen: 32,
      n: 4096,
      r: 8,
      p: 1,
      salt: '47f0c76054f3469ed3b12581d2826dbc064a0b661b1dbc732c18d00f48d8a71d',
    },
    mac: 'd9f01b9b48ca746ac1d119cfdd88d4357aa006381512ec16edeef357c3ed8f39',
  },
};
const OTHER_TOOL_PBKDF2 = {
  version: 3,
  id: 'f824248c-6820-492b-92e6-e7af3ccc6dbb',
  crypto: {
    cipher: 'aes-128-ctr',
    cipherparams: { iv: '2e4c846bdb7e2d1b6a73a10dc3d4522f' },
    ciphertext: '7c2e0ef13cd647e91367039125e143cdec3e0abc8e4200e3dc42c6948a092a8c',
    kdf: 'pbkdf2',
    kdfparams: {
      dklen: 32,
      c: 10000,
      prf: 'hmac-sha256',
      salt: '5eda5857714d0808c1c3d561a7fcb02558b6a0b43ad30355ba47d5f655001d9d',
    },
    mac: 'b4ebc9683f5a416f716a04a3edb69821803f6d89a3ef3df012aa13de820b2f11',
  },
};

const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const FAST = { n: 1024 } as const;

const fails = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('keystore v3', () => {
  it('opens the specification’s PBKDF2 vector to its secret and address', async () => {
    const { privateKey, address } = await decryptKeystoreV3(SPEC_PBKDF2, 'testpassword');
    expect(privateKey).toBe(SPEC_SECRET);
    expect(address).toBe(SPEC_ADDRESS);
  });

  it('opens the specification’s scrypt vector (n=262144 r=1 p=8), reporting progress', async () => {
    const seen: number[] = [];
    const { privateKey } = await decryptKeystoreV3(JSON.stringify(SPEC_SCRYPT), 'testpassword', {
      onProgress: (f) => seen.push(f),
    });
    expect(privateKey).toBe(SPEC_SECRET);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
  }, 60_000);

  it('encrypts the specification’s secret with its salt and IV to its exact PBKDF2 file', async () => {
    const ks = await encryptKeystoreV3(SPEC_SECRET, 'testpassword', {
      kdf: 'pbkdf2',
      salt: Uint8Array.from(Buffer.from(SPEC_PBKDF2.crypto.kdfparams.salt, 'hex')),
      iv: Uint8Array.from(Buffer.from(SPEC_PBKDF2.crypto.cipherparams.iv, 'hex')),
      uuid: SPEC_PBKDF2.id,
    });
    expect(ks).toEqual({ ...SPEC_PBKDF2, address: '008aeeda4d805471df9b2a5b0f38a0c3bcba786b' });
  });

  it('opens keystores written by another implementation (scrypt and PBKDF2, non-ASCII password)', async () => {
    const address = privateKeyToAccount(OTHER_TOOL_KEY).address;
    for (const file of [OTHER_TOOL_SCRYPT, OTHER_TOOL_PBKDF2]) {
      expect(await decryptKeystoreV3(file, OTHER_TOOL_PASSWORD)).toEqual({
        privateKey: OTHER_TOOL_KEY,
        address,
      });
      expect(await fails(decryptKeystoreV3(file, 'passwörd another tool'))).toBeInstanceOf(
        WrongPasswordError,
      );
    }
  });

  it('writes the defaults other wallets expect and reads its own file back', async () => {
    const ks = await encryptKeystoreV3(DEV_KEY, 'correct horse', FAST);
    expect(ks.version).toBe(3);
    expect(ks.address).toBe(DEV_ADDRESS.slice(2).toLowerCase());
    expect(ks.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ks.crypto.cipher).toBe('aes-128-ctr');
    expect(ks.crypto.kdf).toBe('scrypt');
    expect(ks.crypto.kdfparams).toMatchObject({ dklen: 32, n: 1024, r: 8, p: 1 });
    expect(ks.crypto.ciphertext).toMatch(/^[0-9a-f]{64}$/);
    expect(ks.crypto.mac).toMatch(/^[0-9a-f]{64}$/);
    expect(await decryptKeystoreV3(JSON.stringify(ks), 'correct horse')).toEqual({
      privateKey: DEV_KEY,
      address: DEV_ADDRESS,
    });
    // Fresh salt, IV and id each time.
    const again = await encryptKeystoreV3(DEV_KEY, 'correct horse', FAST);
    expect(again.crypto.kdfparams.salt).not.toBe(ks.crypto.kdfparams.salt);
    expect(again.crypto.cipherparams.iv).not.toBe(ks.crypto.cipherparams.iv);
    expect(again.id).not.toBe(ks.id);
  });

  it('uses scrypt n=131072 r=8 p=1 unless told otherwise', async () => {
    const ks = await encryptKeystoreV3(DEV_KEY, 'correct horse');
    expect(ks.crypto.kdfparams).toMatchObject({ dklen: 32, n: 131072, r: 8, p: 1 });
  }, 60_000);

  it('refuses a wrong password, and a tampered ciphertext or MAC, as a wrong password', async () => {
    const ks = await encryptKeystoreV3(DEV_KEY, 'correct horse', FAST);
    expect(await fails(decryptKeystoreV3(ks, 'correct horse!'))).toBeInstanceOf(WrongPasswordError);
    const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;
    const badCipher = { ...ks, crypto: { ...ks.crypto, ciphertext: flip(ks.crypto.ciphertext) } };
    expect(await fails(decryptKeystoreV3(badCipher, 'correct horse'))).toBeInstanceOf(WrongPasswordError);
    const badMac = { ...ks, crypto: { ...ks.crypto, mac: flip(ks.crypto.mac) } };
    expect(await fails(decryptKeystoreV3(badMac, 'correct horse'))).toBeInstanceOf(WrongPasswordError);
  });

  it('refuses a file whose address is not its key’s', async () => {
    const ks = await encryptKeystoreV3(DEV_KEY, 'correct horse', FAST);
    const other = { ...ks, address: '008aeeda4d805471df9b2a5b0f38a0c3bcba786b' };
    expect(await fails(decryptKeystoreV3(other, 'correct horse'))).toBeInstanceOf(KeystoreFormatError);
  });

  it('names what is wrong with a file that is not a readable keystore', () => {
    interface LooseCrypto {
      cipher: unknown;
      cipherparams: { iv: unknown };
      ciphertext: unknown;
      kdf: unknown;
      kdfparams: Record<string, unknown>;
    }
    interface Loose {
      version: unknown;
      address?: unknown;
      crypto?: LooseCrypto;
    }
    const bad = (mutate: (f: Loose, c: LooseCrypto) => void) => {
      const f: Loose = structuredClone(SPEC_PBKDF2);
      mutate(f, f.crypto as LooseCrypto);
      return f;
    };
    const cases: [unknown, RegExp][] = [
      ['{not json', /not JSON/],
      [null, /not an object/],
      [bad((f) => (f.version = 1)), /version/],
      [bad((f) => delete f.crypto), /no crypto/],
      [bad((_f, c) => (c.cipher = 'aes-128-cbc')), /cipher/],
      [bad((_f, c) => (c.cipherparams.iv = 'zz')), /iv/],
      [bad((_f, c) => (c.ciphertext = 'abcd')), /ciphertext/],
      [bad((_f, c) => (c.kdf = 'argon2')), /kdf/],
      [bad((_f, c) => (c.kdfparams.prf = 'hmac-sha512')), /prf/],
      [bad((_f, c) => (c.kdfparams.c = 1)), /iterations/],
      [bad((_f, c) => (c.kdfparams.dklen = 16)), /dklen/],
      [bad((f) => (f.address = 'not-hex')), /address/],
      [
        {
          ...SPEC_SCRYPT,
          crypto: { ...SPEC_SCRYPT.crypto, kdfparams: { ...SPEC_SCRYPT.crypto.kdfparams, n: 3000 } },
        },
        /power of two/,
      ],
      // A crafted file must not make the browser allocate gigabytes.
      [
        {
          ...SPEC_SCRYPT,
          crypto: { ...SPEC_SCRYPT.crypto, kdfparams: { ...SPEC_SCRYPT.crypto.kdfparams, n: 2 ** 20, r: 8 } },
        },
        /memory/,
      ],
    ];
    for (const [file, message] of cases) {
      expect(() => parseKeystoreV3(file)).toThrowError(message);
      expect(() => parseKeystoreV3(file)).toThrowError(KeystoreFormatError);
    }
    // geth's old capitalised "Crypto" and 0x-prefixed hex are read.
    const { crypto, ...rest } = SPEC_PBKDF2;
    expect(parseKeystoreV3({ ...rest, Crypto: { ...crypto, mac: `0x${crypto.mac}` } }).crypto.mac).toBe(
      crypto.mac,
    );
  });

  it('names the file as other wallets do', () => {
    expect(keystoreFileName(DEV_ADDRESS, new Date('2026-11-25T03:10:10.123Z'))).toBe(
      'UTC--2026-11-25T03-10-10.123Z--f39fd6e51aad88f6f4ce6ab8827279cfffb92266.json',
    );
  });
});
