import {
  AGC_DECIMALS,
  type AssetPlace,
  type AssetPlaceKey,
  type Assets,
  formatAmount,
  type SolvencyPartKey,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { acceptedAgcPricesAt, agcPriceIfAny, agcToUsdt } from '@server/modules/pricing/index.ts';
import { memberDailyLeaves } from '@server/modules/proofs/index.ts';
import { memberLiabilitiesIn, type PartAmounts, SNAPSHOT } from '@server/modules/solvency/index.ts';

const DAY_MS = 86_400_000;
/** How far back the history goes. */
export const HISTORY_DAYS = 30;

/** Which solvency parts make each place (the order is the page's). */
export const PLACES: ReadonlyArray<{ key: AssetPlaceKey; parts: readonly SolvencyPartKey[] }> = [
  { key: 'available', parts: ['available'] },
  { key: 'withdrawing', parts: ['auditing', 'vouchers'] },
  { key: 'earn', parts: ['earn_holdings', 'earn_out'] },
  {
    key: 'funds',
    parts: ['fund_unlocked', 'fund_locked', 'fund_redeeming', 'fund_profit', 'fund_subscribing'],
  },
  { key: 'launchpad', parts: ['launchpad_release'] },
];

const usdtText = (v: bigint) => formatAmount(v, USDT_DECIMALS);
const agcText = (v: bigint) => formatAmount(v, AGC_DECIMALS);

/** USDT + AGC at the price (rounded down); null without a price when there is AGC to value. */
const valueInUsdt = (usdt: bigint, agc: bigint, usdtPerAgc: bigint | null) =>
  agc === 0n ? usdt : usdtPerAgc === null ? null : usdt + agcToUsdt(agc, usdtPerAgc);

/** The places of one member's parts (every place listed, zero ones too). */
export function placesOf(parts: PartAmounts, usdtPerAgc: bigint | null): AssetPlace[] {
  return PLACES.map((place) => {
    let usdt = 0n;
    let agc = 0n;
    const list: AssetPlace['parts'] = [];
    for (const key of place.parts) {
      const amounts = parts[key];
      for (const asset of ['USDT', 'AGC'] as const) {
        const amount = amounts?.[asset];
        if (amount === undefined || amount === 0n) continue;
        if (asset === 'USDT') usdt += amount;
        else agc += amount;
        list.push({ key, asset, amount: asset === 'USDT' ? usdtText(amount) : agcText(amount) });
      }
    }
    const value = valueInUsdt(usdt, agc, usdtPerAgc);
    return {
      key: place.key,
      usdt: usdtText(usdt),
      agc: agcText(agc),
      value_usdt: value === null ? null : usdtText(value),
      parts: list,
    };
  });
}

/**
 * GET /me/assets: the member's liabilities by the solvency parts (`memberLiabilitiesIn` narrowed to them: the same
 * code as the view and the proof of liabilities), grouped by place and valued at the AGC price in use; the history
 * from their leaves of the daily snapshots of the last 30 days, each valued at the price accepted at its instant
 * (a fixed price at that price). Read in one read-only snapshot.
 */
export async function memberAssets(ctx: AppContext, userId: bigint): Promise<Assets> {
  const now = ctx.now();
  const fromDay = new Date(now.getTime() - HISTORY_DAYS * DAY_MS).toISOString().slice(0, 10);
  // The price first: a source never waits for the database, but PGlite runs one statement at a time.
  const price = await agcPriceIfAny(ctx.prices);
  const { mine, days, dayPrices } = await ctx.db.transaction(async (tx) => {
    const { members } = await memberLiabilitiesIn(tx, now, userId);
    const leaves = await memberDailyLeaves(tx, userId, fromDay);
    const prices =
      ctx.prices.name === 'fixed'
        ? leaves.map(() => price?.usdtPerAgc ?? null)
        : await acceptedAgcPricesAt(
            tx,
            ctx.prices.name,
            leaves.map((l) => l.asOf),
          );
    return { mine: members.get(userId), days: leaves, dayPrices: prices };
  }, SNAPSHOT);
  const usdtPerAgc = price?.usdtPerAgc ?? null;
  const totalUsdt = mine?.USDT ?? 0n;
  const totalAgc = mine?.AGC ?? 0n;
  const total = valueInUsdt(totalUsdt, totalAgc, usdtPerAgc);
  return {
    as_of: now.toISOString(),
    agc_price: price && {
      usdt_per_agc: usdtText(price.usdtPerAgc),
      source: price.source,
      block: price.block === null ? null : price.block.toString(),
    },
    prices_paused: price === null,
    total_usdt: usdtText(totalUsdt),
    total_agc: agcText(totalAgc),
    total_value_usdt: total === null ? null : usdtText(total),
    places: placesOf(mine?.parts ?? {}, usdtPerAgc),
    history: days.map((d, i) => {
      const value = valueInUsdt(d.usdt, d.agc, dayPrices[i] ?? null);
      return {
        day: d.day,
        usdt: usdtText(d.usdt),
        agc: agcText(d.agc),
        value_usdt: value === null ? null : usdtText(value),
      };
    }),
  };
}
