// A fake public client for the local wallet's send pages (import it inside a vi.mock factory: `await import(...)`).
// The real chain (anvil) is exercised by lib/wallet/local-*.test.ts and the Playwright spec.
import { fakeLocalChain } from '@web/features/local-wallet/testing/fixtures.ts';

type Balances = { ETH: bigint; USDT: bigint; AGC: bigint };
type Tokens = { USDT: `0x${string}`; AGC: `0x${string}` };

/**
 * The chain as the send pages read it: the wallet's balances as `balances` holds them when asked, gas of 50 000 for
 * a token transfer and 21 000 for ETH, `baseFee` per gas and no priority fee, and no NodeInterface (so no L1 part).
 */
export function feeClient(balances: Balances, tokens: Tokens, baseFee: bigint) {
  return {
    getBlockNumber: async () => 100n,
    getBalance: async () => balances.ETH,
    readContract: async ({ address }: { address: string }) =>
      address === tokens.USDT ? balances.USDT : balances.AGC,
    estimateGas: async ({ to }: { to: string }) =>
      to === tokens.USDT || to === tokens.AGC ? 50_000n : 21_000n,
    simulateContract: async () => {
      throw new Error('no NodeInterface');
    },
    getBlock: async () => ({ baseFeePerGas: baseFee }),
    estimateMaxPriorityFeePerGas: async () => 0n,
  };
}

/** What loadLocalChain answers around the feeClient, with `more` of the client's methods added. */
export const feeChain = (balances: Balances, tokens: Tokens, baseFee: bigint, more: object = {}) =>
  fakeLocalChain({ ...feeClient(balances, tokens, baseFee), ...more }, tokens);
