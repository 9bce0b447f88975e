// The withdrawal of everything ("sweep"), pure: which tokens move (those with a balance, USDT then AGC), and the
// ETH left to send after every fee. Amounts in minor units (wei for ETH).
import type { LocalAsset } from '@web/lib/wallet/local-chain.ts';

export type TokenAsset = Exclude<LocalAsset, 'ETH'>;
export const SWEEP_TOKEN_ORDER: readonly TokenAsset[] = ['USDT', 'AGC'];

/** The tokens to move, in order, with their whole balances. */
export function sweepTokens(balances: Record<TokenAsset, bigint>): { asset: TokenAsset; amount: bigint }[] {
  return SWEEP_TOKEN_ORDER.filter((a) => balances[a] > 0n).map((asset) => ({
    asset,
    amount: balances[asset],
  }));
}

/** The ETH value of the last step: what is left minus its own fee, never negative. */
export function sweepEthValue(ethBalance: bigint, ethFee: bigint): bigint {
  return ethBalance > ethFee ? ethBalance - ethFee : 0n;
}

export interface SweepPlan {
  tokens: { asset: TokenAsset; amount: bigint }[];
  /** The fees estimated now (wei): every token step's and the ETH step's. */
  tokenFees: bigint;
  ethFee: bigint;
  /** The ETH expected to arrive (recomputed at send time after the token steps). */
  ethValue: bigint;
  /**
   * Why it cannot go ahead: nothing to move; ETH does not cover the token steps' fees; or only ETH is left and less
   * than the fee of sending it (what a finished sweep leaves: the unused part of the fees it reserved).
   */
  problem: 'nothing' | 'feesNotCovered' | 'dust' | null;
}

/** What a sweep would do with these balances and fees (the fee of each token step, in order, and the ETH step's). */
export function planSweep(
  balances: Record<LocalAsset, bigint>,
  tokenFee: (asset: TokenAsset) => bigint,
  ethFee: bigint,
): SweepPlan {
  const tokens = sweepTokens(balances);
  const tokenFees = tokens.reduce((sum, t) => sum + tokenFee(t.asset), 0n);
  if (tokenFees > balances.ETH) return { tokens, tokenFees, ethFee, ethValue: 0n, problem: 'feesNotCovered' };
  const ethValue = sweepEthValue(balances.ETH - tokenFees, ethFee);
  if (tokens.length === 0 && ethValue === 0n)
    return { tokens, tokenFees, ethFee, ethValue, problem: balances.ETH > 0n ? 'dust' : 'nothing' };
  return { tokens, tokenFees, ethFee, ethValue, problem: null };
}
