import type { ChainContext } from '@server/context.ts';
import { createPublicClient, http, type PublicClient } from 'viem';

const clients = new WeakMap<ChainContext, PublicClient>();

/** The server's read client for the configured chain (one per chain context). */
export function chainClient(chain: ChainContext): PublicClient {
  let client = clients.get(chain);
  if (!client) {
    client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 10_000, retryCount: 1 }) });
    clients.set(chain, client);
  }
  return client;
}
