import type { AssetPlaceKey, Assets } from '@agc/shared';
import { type AppPath, paths } from '@web/lib/paths.ts';

/** The product page each place leads to. */
export const PLACE_PAGE: Record<AssetPlaceKey, AppPath> = {
  available: paths.withdrawal,
  withdrawing: paths.withdrawalList,
  earn: paths.earn,
  funds: paths.fundHoldings,
  launchpad: paths.launchpadMine,
};

const DAY_S = 86_400;

/**
 * The chart's series (uPlot's aligned data): x in unix seconds (each snapshot's UTC day, then now), y the value in
 * USDT, null where a day has no value (no price then: a gap). Numbers for drawing only: every figure shown as text is
 * the server's string.
 */
export function valueSeries(
  data: Pick<Assets, 'history' | 'as_of' | 'total_value_usdt'>,
): [number[], (number | null)[]] {
  const xs = data.history.map((p) => Math.floor(Date.parse(`${p.day}T00:00:00Z`) / 1000) + DAY_S);
  const ys = data.history.map((p) => (p.value_usdt === null ? null : Number(p.value_usdt)));
  xs.push(Math.floor(Date.parse(data.as_of) / 1000));
  ys.push(data.total_value_usdt === null ? null : Number(data.total_value_usdt));
  return [xs, ys];
}

/** The 30 days the chart spans, ending now (unix seconds). */
export const chartRange = (asOf: string): readonly [number, number] => {
  const now = Math.floor(Date.parse(asOf) / 1000);
  return [now - 30 * DAY_S, now];
};

const ZERO = /^0(\.0*)?$/;
/** True when the place holds nothing. */
export const isEmptyPlace = (p: { usdt: string; agc: string }) => ZERO.test(p.usdt) && ZERO.test(p.agc);
