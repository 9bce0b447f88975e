import {
  configResponse,
  formatAmount,
  type Prices,
  type PublicConfig,
  pricesResponse,
  SIWE_STATEMENT,
  USDT_DECIMALS,
} from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { routeSchemas } from '../../lib/route-schema.ts';
import { perClient } from '../../plugins/rate-limit.ts';

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
  };
}

/**
 * The public prices (GET /prices): AGC and ETH in USDT from the configured price source (ctx.prices), read
 * on each call (a market source moves), with the older of the two reading times.
 */
export async function publicPrices(ctx: AppContext): Promise<Prices> {
  const [agc, eth] = await Promise.all([ctx.prices.agcPrice(), ctx.prices.ethPrice()]);
  return {
    agc_usdt: formatAmount(agc.usdtPerAgc, USDT_DECIMALS),
    eth_usdt: formatAmount(eth.usdtPerEth, USDT_DECIMALS),
    updated_at: new Date(Math.min(agc.updatedAt.getTime(), eth.updatedAt.getTime())).toISOString(),
  };
}

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
      schema: schema('AGC and ETH in USDT (the configured price source), for values shown', pricesResponse),
    },
    async (req) => ok(req, await publicPrices(ctx)),
  );
};
