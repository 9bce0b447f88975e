import type { PublicConfig } from '@agc/shared';

/** The public configuration the tests' fake server answers. */
export const CONFIG: PublicConfig = {
  chain_id: 42161,
  chain_name: 'Arbitrum One',
  rpc_url: 'http://127.0.0.1:8545',
  explorer_url: 'https://arbiscan.io/',
  contracts: {
    token: '0x00000000000000000000000000000000000000a1',
    transfer: '0x00000000000000000000000000000000000000c3',
    bank: '0x00000000000000000000000000000000000000d4',
    usdt: '0x00000000000000000000000000000000000000b2',
    attestation: '0x00000000000000000000000000000000000000e5',
  },
  rates: { referral_max: '10', pairing_max: '10', static_max: '1', easy_earn_apy_max: '18' },
  funds: { locales: ['en', 'ja', 'ko', 'th', 'vi', 'zh-Hans', 'zh-Hant'], payment_network: 'Arbitrum' },
  siwe: { domain: 'localhost', uri: 'http://localhost', statement: 'Sign in to AGCFund Portfolio.' },
  prices: { source: 'uniswap-v3', twap_seconds: 1800 },
  vitals_sample_rate: 0,
};
