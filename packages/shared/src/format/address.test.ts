import { describe, expect, it } from 'vitest';
import { ELLIPSIS_DEFAULT_LIMIT, ellipsisMiddle, shortAddress } from './address.ts';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

describe('shortAddress: first 12 characters, dots, last 8', () => {
  it('shortens a wallet address', () => {
    expect(shortAddress(ADDRESS)).toBe('0x1234567890...12345678');
    expect(shortAddress(ADDRESS).startsWith(ADDRESS.slice(0, 12))).toBe(true);
    expect(shortAddress(ADDRESS).endsWith(ADDRESS.slice(-8))).toBe(true);
  });
  it('leaves short texts alone and turns nothing into an empty string', () => {
    expect(shortAddress('0x12345678901234567')).toBe('0x12345678901234567');
    expect(shortAddress('12345678901234567890')).toBe('12345678901234567890');
    expect(shortAddress('123456789012345678901')).toBe('123456789012...45678901');
    expect(shortAddress(undefined)).toBe('');
    expect(shortAddress(null)).toBe('');
  });
});

describe('ellipsisMiddle: beyond the limit, first 16, dots, last 4', () => {
  it('shortens beyond the default limit of 20', () => {
    expect(ELLIPSIS_DEFAULT_LIMIT).toBe(20);
    expect(ellipsisMiddle(ADDRESS)).toBe('0x1234567890abcd...5678');
    expect(ellipsisMiddle('12345678901234567890')).toBe('12345678901234567890');
    expect(ellipsisMiddle('123456789012345678901')).toBe('1234567890123456...8901');
  });
  it('honours a larger limit and never makes a text longer', () => {
    expect(ellipsisMiddle(ADDRESS, 42)).toBe(ADDRESS);
    expect(ellipsisMiddle(ADDRESS, 41)).toBe('0x1234567890abcd...5678');
    expect(ellipsisMiddle('123456789012345678', 5)).toBe('123456789012345678');
    expect(ellipsisMiddle(undefined)).toBe('');
  });
});
