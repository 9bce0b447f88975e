import { randomBytes } from 'node:crypto';
import { devAccount } from '@agc/contracts/accounts';
import { defined } from '@agc/shared/defined';
import { describe, expect, it } from 'vitest';
import {
  estimatedBits,
  isDevelopmentKey,
  MIN_SECRET_BITS,
  patternBits,
  secretWeakness,
  shannonBits,
} from './secrets.ts';

describe('secretWeakness', () => {
  it('accepts what `openssl rand -hex 32` and `-base64 32` give', () => {
    for (let i = 0; i < 50; i++) {
      expect(secretWeakness(randomBytes(32).toString('hex'))).toBeNull();
      expect(secretWeakness(randomBytes(32).toString('base64'))).toBeNull();
    }
  });

  it('accepts a random secret that happens to spell a placeholder word (base64 spells "test" now and then)', () => {
    for (const word of ['test', 'Test', 'secret', 'default'])
      for (let i = 0; i < 20; i++) {
        const random = randomBytes(32).toString('base64');
        const at = i % (random.length - word.length);
        expect(secretWeakness(random.slice(0, at) + word + random.slice(at + word.length))).toBeNull();
      }
  });

  it('refuses short, placeholder and repetitive secrets', () => {
    expect(secretWeakness('a'.repeat(31))).toMatch(/at least 32/);
    expect(secretWeakness('my-super-secret-value-for-the-jwt!!')).toMatch(/placeholder/);
    expect(secretWeakness('this-is-a-test-key-for-development-only-123')).toMatch(/placeholder/);
    expect(secretWeakness('0'.repeat(64))).toMatch(/entropy/);
    expect(secretWeakness('abcdabcdabcdabcdabcdabcdabcdabcd')).toMatch(/entropy/);
    expect(estimatedBits('0'.repeat(64))).toBe(0);
    expect(estimatedBits(randomBytes(32).toString('hex'))).toBeGreaterThan(MIN_SECRET_BITS);
  });

  it('refuses sequences and repeated blocks that Shannon entropy alone would take for random', () => {
    const alphabetTwice = 'abcdefghijklmnopqrstuvwxyz012345abcdefghijklmnopqrstuvwxyz012345';
    // 36 different characters, each twice: ~331 bits by Shannon, so the old check let it through.
    expect(shannonBits(alphabetTwice)).toBeGreaterThan(300);
    expect(patternBits(alphabetTwice)).toBeLessThan(40);
    expect(secretWeakness(alphabetTwice)).toMatch(/entropy/);
    for (const weak of [
      'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', // three runs
      'zyxwvutsrqponmlkjihgfedcba9876543210ZYXWVUTSRQPONMLKJIHGFEDCBA', // backwards
      'qwertyuiopasdfghjklzxcvbnm1234567890qwertyuiopasdfghjklzxcvbnm', // keyboard rows
      'k3Xq9!k3Xq9!k3Xq9!k3Xq9!k3Xq9!k3Xq9!k3Xq9!k3Xq9!', // a random-looking block, repeated
      `${randomBytes(8).toString('hex')}`.repeat(4), // 64 bits of real randomness, copied four times
      `${'0123456789'.repeat(4)}${randomBytes(4).toString('hex')}`, // a run padded with a little randomness
    ]) {
      expect.soft(secretWeakness(weak), weak).toMatch(/entropy/);
    }
  });

  it('counts a repetition as its block plus the number of copies, and a run by its length', () => {
    const block = randomBytes(12).toString('base64'); // 16 characters
    const once = patternBits(block);
    expect(patternBits(block.repeat(8))).toBeCloseTo(once + 3, 5);
    expect(patternBits('abcdefghij')).toBeLessThan(patternBits('abcdefghijklmnopqrstuvwxyz') + 1);
    expect(patternBits('abcdefghijklmnopqrstuvwxyz')).toBeLessThan(15);
    // a long value is estimated on its first 256 characters: bounded work, still a lower bound
    const long = randomBytes(2048).toString('hex');
    expect(patternBits(long)).toBeGreaterThan(MIN_SECRET_BITS);
  });
});

describe('isDevelopmentKey', () => {
  it('knows the public development mnemonic’s keys and nothing else', () => {
    const anvil0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(isDevelopmentKey(anvil0)).toBe(true);
    const key10 = `0x${Buffer.from(defined(devAccount(10).getHdKey().privateKey)).toString('hex')}`;
    expect(isDevelopmentKey(key10)).toBe(true);
    expect(isDevelopmentKey(`0x${randomBytes(32).toString('hex')}`)).toBe(false);
    expect(isDevelopmentKey('not a key')).toBe(false);
  });
});
