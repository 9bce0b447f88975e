// The local wallet's amount as the send form's field takes it back (Max). Every amount it shows goes through
// lib/format.ts like the rest of the app (balances as summaries, what is sent exact, network fees to 8 places).
import { formatAmount } from '@agc/shared';
import { ASSET_DECIMALS, type LocalAsset } from '@web/lib/wallet/local-chain.ts';

/** The amount as the form's field takes it back (Max): plain digits, no grouping, no asset. */
export function amountInput(units: bigint, asset: LocalAsset): string {
  return formatAmount(units, ASSET_DECIMALS[asset]);
}
