// A fake wallet and receipt for the flows that send a server-built transaction (the shop's payment,
// the withdrawal's claim): every call is logged; hashes are hash(1), hash(2)… in sending order.
import type { ReceiptWaiter, TransactionWallet, UnsignedTx } from '@web/lib/wallet/transaction.ts';
import { MEMBER } from './fixtures.ts';

type Hash = `0x${string}`;

export const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash;

/**
 * The wallet: `account` (default the member), `send` replacing the default sending, `onSent` told of
 * each transaction the default sending sent (a mined approval raising an allowance, say).
 */
export function fakeWallet<Tx extends UnsignedTx>(
  log: string[],
  options: { account?: string; send?: (tx: Tx) => Promise<Hash>; onSent?: (tx: Tx) => void } = {},
): TransactionWallet<Tx> {
  let sent = 0;
  return {
    account: async () => {
      log.push('account');
      return (options.account ?? MEMBER) as Hash;
    },
    ensureChain: async () => {
      log.push('ensureChain');
    },
    sendTransaction: async (tx) => {
      log.push(`send:${tx.to}`);
      if (options.send) return options.send(tx);
      sent += 1;
      options.onSent?.(tx);
      return hash(sent);
    },
  };
}

/** The receipt: 'success' unless `receipt` says otherwise. */
export const fakeWaitForReceipt =
  (log: string[], receipt?: ReceiptWaiter): ReceiptWaiter =>
  async (h) => {
    log.push(`receipt:${h}`);
    return receipt ? receipt(h) : 'success';
  };
