import type { Db } from '@agc/db';
import type { Me } from '@agc/shared';
import type { Config } from './config.ts';
import type { TokenService } from './lib/tokens.ts';
import type { TtlCache } from './lib/ttl-cache.ts';
import type { MemberSnapshot } from './modules/members/service.ts';
import type { PriceSource } from './modules/pricing/price-source.ts';
import type { TestClock } from './modules/testing/clock.ts';

export interface ChainContext {
  id: number;
  /** RPC the server uses. */
  rpcUrl: string;
  /** RPC handed to browsers. */
  publicRpcUrl: string;
  explorerUrl: string;
  contracts: { agc: `0x${string}`; usdt: `0x${string}`; transfer: `0x${string}`; vault: `0x${string}` };
  /** First block that can hold a payment event (the Transfer contract's deployment). */
  startBlock: bigint;
}

/** Everything a request handler may use; built once by the runtime (or by a test) and passed to buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  chain: ChainContext;
  /**
   * members: the auth snapshot; me: the member's whole /me answer (cleared by this process after every
   * confirmation; other processes see changes within MEMBER_CACHE_TTL_MS).
   */
  cache: { members: TtlCache<bigint, MemberSnapshot>; me: TtlCache<bigint, Me> };
  /** The AGC price (token/price, order quotes, the AGC part of rewards). */
  prices: PriceSource;
  /** Clock, replaceable in tests. */
  now: () => Date;
  /** Present only with TEST_CLOCK (never in production): `now` reads it, the test routes move it. */
  testClock?: TestClock;
}
