import { AGC_DECIMALS, type PorProof, parseAmount, USDT_DECIMALS } from '@agc/shared';

export type Token = 'USDT' | 'AGC';
const DECIMALS: Record<Token, number> = { USDT: USDT_DECIMALS, AGC: AGC_DECIMALS };

/**
 * What the app showed the member at the snapshot, added up per token (their balances by part), beside the leaf's
 * amounts: equal when the leaf holds exactly what the member was shown.
 */
export function compareLeaf(data: Pick<PorProof, 'proof' | 'parts'>) {
  const shown: Record<Token, bigint> = { USDT: 0n, AGC: 0n };
  for (const p of data.parts) shown[p.asset] += parseAmount(p.amount, DECIMALS[p.asset]);
  const leaf: Record<Token, bigint> = { USDT: BigInt(data.proof.usdt), AGC: BigInt(data.proof.agc) };
  return (['USDT', 'AGC'] as const).map((token) => ({
    token,
    leaf: leaf[token],
    shown: shown[token],
    decimals: DECIMALS[token],
    same: leaf[token] === shown[token],
  }));
}
