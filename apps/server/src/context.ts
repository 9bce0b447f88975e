import type { Db } from '@agc/db';
import type { Config } from './config.ts';
import type { TokenService } from './lib/tokens.ts';
import type { TtlCache } from './lib/ttl-cache.ts';
import type { MemberSnapshot } from './modules/members/service.ts';

export interface ChainContext {
  id: number;
  /** RPC the server uses. */
  rpcUrl: string;
  /** RPC handed to browsers. */
  publicRpcUrl: string;
  explorerUrl: string;
  contracts: { agc: `0x${string}`; usdt: `0x${string}`; transfer: `0x${string}`; vault: `0x${string}` };
}

/** Everything a request handler may use; built once by the runtime (or by a test) and passed to buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  chain: ChainContext;
  cache: { members: TtlCache<bigint, MemberSnapshot> };
  /** Clock, replaceable in tests. */
  now: () => Date;
}
