/**
 * Fund arithmetic, exact and in one place. Units have 6 decimals (minor units, like USDT); a NAV is the USDT value
 * of one whole unit with 8 decimals. Every rounding favours the fund, as ERC-4626 vaults do: units issued and
 * values paid round down, fees round up. Nothing here reads a float.
 */
export const UNIT_DECIMALS = 6;
export const NAV_DECIMALS = 8;
export const NAV_ONE = 10n ** BigInt(NAV_DECIMALS);
export const PPM = 1_000_000n;

/** A fee at `ppm` parts per million of `amount`, rounded up. */
export function feeOf(amount: bigint, ppm: bigint | number): bigint {
  const p = BigInt(ppm);
  if (amount < 0n || p < 0n) throw new RangeError('fee of a negative amount or rate');
  return (amount * p + PPM - 1n) / PPM;
}

/** Units (minor) that `usdt` (minor) buys at `navE8`, rounded down. */
export function unitsFor(usdt: bigint, navE8: bigint): bigint {
  if (navE8 <= 0n) throw new RangeError('a NAV must be above zero');
  return (usdt * NAV_ONE) / navE8;
}

/** USDT (minor) that `units` (minor) are worth at `navE8`, rounded down. */
export function unitsValue(units: bigint, navE8: bigint): bigint {
  if (navE8 <= 0n) throw new RangeError('a NAV must be above zero');
  return (units * navE8) / NAV_ONE;
}

/** A subscription of `amount` at fee rate `feePpm`, priced at `navE8`: the fee taken and the units issued. */
export function priceSubscription(amount: bigint, feePpm: bigint | number, navE8: bigint) {
  const fee = feeOf(amount, feePpm);
  return { fee, net: amount - fee, units: unitsFor(amount - fee, navE8) };
}

/** A redemption of `units` at fee rate `feePpm`, priced at `navE8`: gross value, fee and what the member gets. */
export function priceRedemption(units: bigint, feePpm: bigint | number, navE8: bigint) {
  const gross = unitsValue(units, navE8);
  const fee = feeOf(gross, feePpm);
  return { gross, fee, amount: gross - fee };
}

/** The cost basis that leaves with `units` of a holding of `held` units costing `cost`: pro rata, rounded up. */
export function costShare(cost: bigint, units: bigint, held: bigint): bigint {
  if (held <= 0n) return 0n;
  if (units >= held) return cost;
  return (cost * units + held - 1n) / held;
}
