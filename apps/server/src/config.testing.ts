/**
 * A complete, valid production environment for configuration tests: every required variable set, every secret
 * strong and none a development key. Tests take it and change or remove one variable at a time.
 */
const a = '0x00000000000000000000000000000000000000aA';

export const productionEnv: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db:5432/app',
  CHAIN_RPC_URL: 'https://arb1.example/rpc',
  AGC_ADDRESS: a,
  USDT_ADDRESS: a,
  TRANSFER_ADDRESS: a,
  VAULT_ADDRESS: a,
  SIGNER_PRIVATE_KEY: `0x${'1'.repeat(63)}2`,
  QUOTE_SIGNER_PRIVATE_KEY: `0x${'3'.repeat(63)}4`,
  ATTESTATION_ADDRESS: a,
  ATTESTER_PRIVATE_KEY: `0x${'5'.repeat(63)}6`,
  PROOF_SALT_SECRET: '9b2e4d6f8a1c3e5b7d9f0a2c4e6b8d1f3a5c7e9b0d2f4a6c8e1b3d5f7a9c0e2b',
  TRANSFER_START_BLOCK: '1',
  PRICE_POOL_ADDRESS: '0x00000000000000000000000000000000000000bB',
  ETH_USD_FEED_ADDRESS: '0x00000000000000000000000000000000000000cC',
  SEQUENCER_UPTIME_FEED_ADDRESS: '0x00000000000000000000000000000000000000dD',
  JWT_SECRET: 'c1e8b35a4f0d92a7e6b1c0f4d8a3e9b27f5c6d1a0e4b8f2c9d7a3e5b1f6c8d0a',
  METRICS_TOKEN: 'f3a9d1c7e5b20486a1f9c3e7d5b2a0864c8e2f6a9d1b3c5e7f0a2b4d6c8e1f3a',
};
