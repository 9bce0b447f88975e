import type { Config } from '@server/config.ts';
import { type MarketDeps, MarketPriceSource } from './market-source.ts';
import { FixedPriceSource, type PriceSource } from './service.ts';

/**
 * The configured price source. `fixed` needs nothing more; `uniswap-v3` needs the database (its readings), the chain
 * with its market, the clock and a log.
 */
export function priceSourceFrom(config: Config, deps?: MarketDeps): PriceSource {
  switch (config.price.source) {
    case 'fixed':
      return new FixedPriceSource(config.price.agcUsdt, config.price.ethUsdt);
    case 'uniswap-v3':
      if (!deps) throw new Error('PRICE_SOURCE=uniswap-v3 needs the database, the chain and the clock');
      return new MarketPriceSource(config.price, deps);
  }
}
