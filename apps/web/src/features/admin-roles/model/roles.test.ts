import { describe, expect, it } from 'vitest';
import { readAddress } from './roles.ts';

describe('roles page rules', () => {
  it('reads a full address in any case, trimmed, as lower case; anything else is null', () => {
    const a = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
    expect(readAddress(`  ${a} `)).toBe(a.toLowerCase());
    expect(readAddress('')).toBeNull();
    expect(readAddress('0x123')).toBeNull();
    expect(readAddress(`${a}0`)).toBeNull();
    expect(readAddress(a.replace('0x', '0X'))).toBeNull();
    expect(readAddress(a.replace('f', 'g'))).toBeNull();
  });
});
