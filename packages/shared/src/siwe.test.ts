import { parseSiweMessage, validateSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { buildSiweMessage, SIWE_TTL_MS } from './siwe.ts';

const config = {
  siwe: {
    domain: 'app.agcfund.example',
    uri: 'https://app.agcfund.example',
    statement: 'Sign in to AGCFund Portfolio.',
  },
};

describe('buildSiweMessage', () => {
  it('builds the EIP-4361 message the server expects', () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    const message = buildSiweMessage({
      config,
      address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      nonce: 'abcDEF123456',
      now,
    });
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: 'app.agcfund.example',
      uri: 'https://app.agcfund.example',
      statement: 'Sign in to AGCFund Portfolio.',
      version: '1',
      chainId: 42161,
      nonce: 'abcDEF123456',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', // checksummed
    });
    expect(parsed.issuedAt?.toISOString()).toBe(now.toISOString());
    expect(parsed.expirationTime?.getTime()).toBe(now.getTime() + SIWE_TTL_MS);
    expect(SIWE_TTL_MS).toBe(600_000);
    expect(
      validateSiweMessage({
        message: parsed,
        domain: 'app.agcfund.example',
        nonce: 'abcDEF123456',
        time: new Date(now.getTime() + 60_000),
      }),
    ).toBe(true);
  });
});
