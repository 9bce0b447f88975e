import { CONFIG } from '@web/test/config.ts';
import { describe, expect, it } from 'vitest';
import { addressNamer, ZERO_ADDRESS } from './address-names.ts';

const WALLET = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const STRANGER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('names of known addresses', () => {
  const name = addressNamer(CONFIG.contracts, WALLET);

  it('names every contract of the public configuration, whatever the case of the hex', () => {
    expect(name(CONFIG.contracts.transfer)).toBe('transfer');
    expect(name(CONFIG.contracts.bank)).toBe('bank');
    expect(name(CONFIG.contracts.token)).toBe('token');
    expect(name(CONFIG.contracts.usdt)).toBe('usdt');
    expect(name(CONFIG.contracts.attestation ?? '')).toBe('attestation');
    expect(name(CONFIG.contracts.transfer.toUpperCase().replace('0X', '0x'))).toBe('transfer');
  });

  it('names the zero address by its side: a mint when it sends, a burn when it receives', () => {
    expect(name(ZERO_ADDRESS, 'from')).toBe('mint');
    expect(name(ZERO_ADDRESS, 'to')).toBe('burn');
    expect(name(ZERO_ADDRESS)).toBe('burn');
  });

  it('names the wallet itself, and nothing else', () => {
    expect(name(WALLET.toLowerCase())).toBe('self');
    expect(name(STRANGER)).toBeNull();
    expect(addressNamer(CONFIG.contracts)(WALLET)).toBeNull();
    expect(name('')).toBeNull();
    expect(name('not an address')).toBeNull();
  });

  it('a network without the attestation contract names no attestation (null is not an address)', () => {
    const without = addressNamer({ ...CONFIG.contracts, attestation: null });
    expect(without(CONFIG.contracts.attestation ?? '')).toBeNull();
    expect(without(CONFIG.contracts.bank)).toBe('bank');
  });
});
