import { describe, expect, it } from 'vitest';
import { checkSendBalances, readRecipient, readSendAmount, recipientWarning } from './send-input.ts';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'; // the EIP-55 specification's example
const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const USDT = '0x00000000000000000000000000000000000000b2';

describe('recipient (EIP-55)', () => {
  it('accepts the checksum, all-lowercase and all-uppercase digits; gives the checksummed address', () => {
    expect(readRecipient(CHECKSUMMED)).toEqual({ ok: true, address: CHECKSUMMED });
    expect(readRecipient(CHECKSUMMED.toLowerCase())).toEqual({ ok: true, address: CHECKSUMMED });
    expect(readRecipient(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toEqual({
      ok: true,
      address: CHECKSUMMED,
    });
    expect(readRecipient(`  ${CHECKSUMMED}  `)).toEqual({ ok: true, address: CHECKSUMMED });
  });

  it('refuses a mixed case that is not the checksum (one letter flipped)', () => {
    const flipped = `${CHECKSUMMED.slice(0, 4)}a${CHECKSUMMED.slice(5)}`; // 5aAeb → 5aaeb
    expect(readRecipient(flipped)).toEqual({ ok: false, error: 'addressChecksum' });
  });

  it('refuses empty, short, long, non-hex and prefix-less input', () => {
    expect(readRecipient('')).toEqual({ ok: false, error: 'addressRequired' });
    expect(readRecipient('   ')).toEqual({ ok: false, error: 'addressRequired' });
    for (const bad of [
      CHECKSUMMED.slice(0, 41),
      `${CHECKSUMMED}0`,
      CHECKSUMMED.slice(2),
      `0x${'g'.repeat(40)}`,
      `0X${CHECKSUMMED.slice(2)}`,
      'vitalik.eth',
    ])
      expect(readRecipient(bad)).toEqual({ ok: false, error: 'addressInvalid' });
  });
});

describe('amount', () => {
  it('reads minor units exactly per asset', () => {
    expect(readSendAmount('1.5', 6)).toEqual({ ok: true, units: 1_500_000n });
    expect(readSendAmount('0.000000000000000001', 18)).toEqual({ ok: true, units: 1n });
  });
  it('refuses an exponent, too many decimals, zero, negative and empty', () => {
    expect(readSendAmount('1e3', 6)).toEqual({ ok: false, error: 'amount_invalid' });
    expect(readSendAmount('0.0000001', 6)).toEqual({ ok: false, error: 'amount_decimals' });
    expect(readSendAmount('0', 18)).toEqual({ ok: false, error: 'amount_positive' });
    expect(readSendAmount('-1', 18)).toEqual({ ok: false, error: 'amount_positive' });
    expect(readSendAmount('', 18)).toEqual({ ok: false, error: 'amount_required' });
  });
});

describe('balances', () => {
  const balances = { ETH: 1000n, USDT: 50n, AGC: 0n };
  it('ETH covers amount plus fee', () => {
    expect(checkSendBalances('ETH', 900n, balances, 100n)).toBeNull();
    expect(checkSendBalances('ETH', 901n, balances, 100n)).toBe('insufficientBalance');
  });
  it('a token covers the amount, ETH the fee', () => {
    expect(checkSendBalances('USDT', 50n, balances, 1000n)).toBeNull();
    expect(checkSendBalances('USDT', 51n, balances, 1n)).toBe('insufficientToken');
    expect(checkSendBalances('AGC', 1n, balances, 1n)).toBe('insufficientToken');
    expect(checkSendBalances('USDT', 50n, balances, 1001n)).toBe('insufficientFee');
  });
});

describe('recipient warnings', () => {
  it('warns about oneself, a token contract and any contract; none for a plain account', () => {
    expect(recipientWarning(ME, ME.toLowerCase() as `0x${string}`, [USDT], false)).toBe('self');
    expect(recipientWarning(USDT, ME, [USDT], true)).toBe('tokenContract');
    expect(recipientWarning(CHECKSUMMED, ME, [USDT], true)).toBe('contract');
    expect(recipientWarning(CHECKSUMMED, ME, [USDT], false)).toBeNull();
  });
});
