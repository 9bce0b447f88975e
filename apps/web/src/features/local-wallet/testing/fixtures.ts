// What the local wallet's page tests share (tests only): the dev key, a recipient, a sent transaction, and the
// fakes their vi.mock factories return (import this file inside the factory: `await import(...)`).

import { listSent, type SentTx, updateSent } from '@web/lib/wallet/local-sent.ts';
import type { Address } from 'viem';

/** anvil's first dev account: its key and address. */
export const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const DEV_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address;
/** A checksummed address that is not the wallet. */
export const OTHER_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' as Address;

/** A transaction the wallet sent: by default 12.5 USDT to OTHER_ADDRESS, nonce 3, still pending. Not recorded. */
export const sentTx = (patch: Partial<SentTx> = {}): SentTx => ({
  hash: `0x${'11'.repeat(32)}`,
  from: DEV_ADDRESS,
  to: OTHER_ADDRESS,
  asset: 'USDT',
  amount: '12500000',
  nonce: 3,
  maxFeePerGas: '200000000',
  maxPriorityFeePerGas: '0',
  gas: '60000',
  kind: 'send',
  status: 'pending',
  createdAt: Date.now(),
  ...patch,
});

/** What loadLocalChain answers around a fake client (the app's other contracts at made-up addresses). */
export const fakeLocalChain = (client: unknown, tokens: { USDT: Address; AGC: Address }) => ({
  rpcUrl: 'http://rpc',
  explorerUrl: 'https://arbiscan.io',
  client,
  tokens,
  contracts: {
    token: tokens.AGC,
    usdt: tokens.USDT,
    transfer: '0x00000000000000000000000000000000000000c3',
    bank: '0x00000000000000000000000000000000000000d4',
    attestation: null,
  },
});

/** checkPendingSent as the pages see it: the stored pending transactions count as mined once `mined()` says so. */
export const fakeCheckPendingSent =
  (mined: () => boolean) =>
  async (_client: unknown, from: Address): Promise<SentTx[]> => {
    if (mined())
      for (const tx of listSent(from))
        if (tx.status === 'pending') updateSent(tx.hash, { status: 'success' });
    return listSent(from);
  };
