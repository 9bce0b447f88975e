import { configResponse, type PublicConfig, SIWE_STATEMENT } from '@agc/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/reply.ts';
import { routeSchemas } from '../../lib/route-schema.ts';

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
};
