import type { Db } from '@agc/db';
import type { CacheBus, Caches } from '@server/lib/caches.ts';
import type { TokenService } from '@server/lib/tokens.ts';
import type { PriceSource } from '@server/modules/pricing/index.ts';
import type { TestClock } from '@server/modules/testing/index.ts';
import type { Config } from './config.ts';

export interface ChainContext {
  id: number;
  /** RPC the server uses. */
  rpcUrl: string;
  /** RPC handed to browsers. */
  publicRpcUrl: string;
  explorerUrl: string;
  contracts: {
    agc: `0x${string}`;
    usdt: `0x${string}`;
    transfer: `0x${string}`;
    vault: `0x${string}`;
    /** LiabilityAttestation (proof of liabilities); absent on a network configured without one: nothing is published. */
    attestation?: `0x${string}`;
  };
  /** First block that can hold a payment event (the Transfer contract's deployment). */
  startBlock: bigint;
  /**
   * The market the uniswap-v3 price source reads: the AGC/USDT pool and the Chainlink feeds (configuration on a real
   * network, the local chain's own deployment otherwise); `driver` swaps on the local pool (development only).
   */
  market?: MarketContext;
}

export interface MarketContext {
  pool: `0x${string}`;
  ethUsdFeed: `0x${string}`;
  sequencerFeed?: `0x${string}`;
  driver?: `0x${string}`;
}

/** A deployment's contract addresses as the chain context holds them (lower case, the way every query compares). */
export function contractsOf(d: {
  agc: string;
  usdt: string;
  transfer: string;
  vault: string;
  attestation: string;
}): ChainContext['contracts'] {
  const lower = (a: string) => a.toLowerCase() as `0x${string}`;
  return {
    agc: lower(d.agc),
    usdt: lower(d.usdt),
    transfer: lower(d.transfer),
    vault: lower(d.vault),
    attestation: lower(d.attestation),
  };
}

/** Everything a request handler may use; built once by the runtime (or by a test) and passed to buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  chain: ChainContext;
  /** This process's read caches (member snapshots, /me answers, sessions); see lib/caches.ts. */
  cache: Caches;
  /** Tells the other processes on the same PostgreSQL what changed (absent on PGlite: one process). */
  cacheBus?: CacheBus;
  /** The AGC price (token/price, order quotes, the AGC part of rewards). */
  prices: PriceSource;
  /** Clock, replaceable in tests. */
  now: () => Date;
  /** Present only with TEST_CLOCK (never in production): `now` reads it, the test routes move it. */
  testClock?: TestClock;
}
