import {
  configResponse,
  ErrorCode,
  formatAmount,
  type Prices,
  type PublicConfig,
  pricesResponse,
  SIWE_STATEMENT,
  USDT_DECIMALS,
} from '@agc/shared';
import type { AppContext } from '@server/context.ts';
import { AppError } from '@server/lib/errors.ts';
import { ok } from '@server/lib/reply.ts';
import { routeSchemas } from '@server/lib/route-schema.ts';
import { perClient } from '@server/plugins/rate-limit.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export function publicConfig(ctx: AppContext): PublicConfig {
  const { chain, config } = ctx;
  return {
    chain_id: chain.id,
    chain_name: 'Arbitrum One',
    rpc_url: chain.publicRpcUrl,
    explorer_url: chain.explorerUrl,
    contracts: {
      token: chain.contracts.agc,
      transfer: chain.contracts.transfer,
      bank: chain.contracts.vault,
      usdt: chain.contracts.usdt,
      attestation: chain.contracts.attestation ?? null,
    },
    rates: {
      referral_max: config.rates.referralMax,
      pairing_max: config.rates.pairingMax,
      static_max: config.rates.staticMax,
      easy_earn_apy_max: config.rates.easyEarnApyMax,
    },
    funds: { locales: config.funds.locales, payment_network: config.funds.paymentNetwork },
    siwe: { domain: config.siweDomain, uri: config.publicOrigin, statement: SIWE_STATEMENT },
    prices: {
      source: config.price.source,
      twap_seconds: config.price.source === 'fixed' ? null : config.price.twapSeconds,
    },
    vitals_sample_rate: config.vitalsSampleRate,
  };
}

/**
 * The public prices (GET /prices): AGC and ETH in USDT from the configured price source (ctx.prices), read
 * on each call (a market source moves), with the older of the two reading times.
 */
export async function publicPrices(ctx: AppContext): Promise<Prices> {
  const [agc, eth] = await Promise.all([orNull(ctx.prices.agcPrice()), orNull(ctx.prices.ethPrice())]);
  const times = [agc, eth].flatMap((p) => (p ? [p.updatedAt.getTime()] : []));
  return {
    agc_usdt: agc && formatAmount(agc.usdtPerAgc, USDT_DECIMALS),
    eth_usdt: eth && formatAmount(eth.usdtPerEth, USDT_DECIMALS),
    updated_at: times.length > 0 ? new Date(Math.min(...times)).toISOString() : null,
    source: ctx.prices.name,
  };
}

/** A price the source refuses now (prices paused: its 503) is shown as none; any other failure stays one. */
const orNull = <T>(price: Promise<T>): Promise<T | null> =>
  price.catch((e: unknown) => {
    if (e instanceof AppError && e.code === ErrorCode.unavailable) return null;
    throw e;
  });

const schema = routeSchemas('app', { signedIn: false });

export const configRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const body = publicConfig(ctx);
  app.get(
    '/config',
    {
      schema: schema('Chain, contracts and the configured rates the app shows', configResponse),
    },
    async (req) => ok(req, body),
  );

  // Public like /config, but read from the price source on every request: limited per client address
  // at the rate of the other signed-out endpoint (the sign-in nonce).
  app.get(
    '/prices',
    {
      config: { rateLimit: perClient(ctx.config.rateLimit.noncePerMinute) },
      schema: schema(
        'AGC and ETH in USDT (the configured price source), for values shown; a paused price is null',
        pricesResponse,
      ),
    },
    async (req) => ok(req, await publicPrices(ctx)),
  );
};
