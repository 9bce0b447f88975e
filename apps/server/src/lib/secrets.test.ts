import { randomBytes } from 'node:crypto';
import { devAccount } from '@agc/contracts/accounts';
import { describe, expect, it } from 'vitest';
import { estimatedBits, isDevelopmentKey, MIN_SECRET_BITS, secretWeakness } from './secrets.ts';

describe('secretWeakness', () => {
  it('accepts what `openssl rand -hex 32` and `-base64 32` give', () => {
    for (let i = 0; i < 50; i++) {
      expect(secretWeakness(randomBytes(32).toString('hex'))).toBeNull();
      expect(secretWeakness(randomBytes(32).toString('base64'))).toBeNull();
    }
  });

  it('refuses short, placeholder and repetitive secrets', () => {
    expect(secretWeakness('a'.repeat(31))).toMatch(/at least 32/);
    expect(secretWeakness('my-super-secret-value-for-the-jwt!!')).toMatch(/placeholder/);
    expect(secretWeakness('0'.repeat(64))).toMatch(/entropy/);
    expect(secretWeakness('abcdabcdabcdabcdabcdabcdabcdabcd')).toMatch(/entropy/);
    expect(estimatedBits('0'.repeat(64))).toBe(0);
    expect(estimatedBits(randomBytes(32).toString('hex'))).toBeGreaterThan(MIN_SECRET_BITS);
  });
});

describe('isDevelopmentKey', () => {
  it('knows the public development mnemonic’s keys and nothing else', () => {
    const anvil0 = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
    expect(isDevelopmentKey(anvil0)).toBe(true);
    const key10 = `0x${Buffer.from(devAccount(10).getHdKey().privateKey!).toString('hex')}`;
    expect(isDevelopmentKey(key10)).toBe(true);
    expect(isDevelopmentKey(`0x${randomBytes(32).toString('hex')}`)).toBe(false);
    expect(isDevelopmentKey('not a key')).toBe(false);
  });
});
