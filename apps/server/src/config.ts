import { resolve } from 'node:path';
import { readDeployment } from '@agc/contracts/deployment-file';
import { ADDRESS_RE, AGC_DECIMALS, parseAmount, USDT_DECIMALS } from '@agc/shared';
import { isDevelopmentKey, secretWeakness } from '@server/lib/secrets.ts';
import { z } from 'zod';

/**
 * The only place that reads process.env. Every value is validated once at start-up; a wrong value
 * stops the server with one line per problem naming the variable, what it got and what it needs.
 */

const address = z.string().regex(ADDRESS_RE, 'must be a 0x-prefixed 20-byte hex address');
const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key');
const percent = z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage like 10 or 0.6');
const port = z.coerce.number().int().min(0).max(65535);
const decimal = z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, 'must be a decimal like 0.5');
const agcDecimal = z.string().regex(/^\d{1,24}(\.\d{1,18})?$/, 'must be a decimal like 1000');
/** Five comma-separated values, one per level 1–5, each no smaller than the one before. */
const perLevel = (item: z.ZodString) =>
  z
    .string()
    .transform((s) => s.split(',').map((v) => v.trim()))
    .pipe(z.array(item).length(5, 'must list exactly 5 values, one per level'))
    .refine(
      (list) => list.every((v, i) => i === 0 || parseAmount(v, 6) >= parseAmount(list[i - 1] ?? '0', 6)),
      {
        message: 'must not decrease from one level to the next',
      },
    );
const addressList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .pipe(z.array(address));

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('127.0.0.1'),
    PORT: port.default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Public origin of the app; its host is the only SIWE domain accepted. Defaults to http://localhost:PORT. */
    PUBLIC_ORIGIN: z.url().optional(),
    DATA_DIR: z.string().default('data'),
    /** PostgreSQL connection string; without it an embedded PGlite persists under DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    /** A real network's RPC; without it a local anvil is started and the contracts deployed. */
    CHAIN_RPC_URL: z.url().optional(),
    CHAIN_ID: z.coerce.number().int().positive().default(42161),
    ANVIL_PORT: port.default(8545),
    /** The RPC URL handed to browsers (defaults to the server's RPC URL). */
    PUBLIC_RPC_URL: z.url().optional(),
    EXPLORER_URL: z.url().default('https://arbiscan.io'),
    AGC_ADDRESS: address.optional(),
    USDT_ADDRESS: address.optional(),
    TRANSFER_ADDRESS: address.optional(),
    VAULT_ADDRESS: address.optional(),
    /** Signs withdrawal vouchers. Required with a real network; a development key is derived otherwise. */
    SIGNER_PRIVATE_KEY: privateKey.optional(),
    /**
     * Signs payment quotes (the payment contract accepts a pay only with one). A key of its own: it can
     * only let a member pay their own order, so it may stay hot while the voucher key is guarded harder.
     */
    QUOTE_SIGNER_PRIVATE_KEY: privateKey.optional(),
    /** The LiabilityAttestation contract the proof-of-liabilities roots are published on (with CHAIN_RPC_URL). */
    ATTESTATION_ADDRESS: address.optional(),
    /**
     * Publishes the proof-of-liabilities roots (the attestation contract's attester): a key of its own, used for
     * nothing else. With CHAIN_RPC_URL it goes with ATTESTATION_ADDRESS; a development key is derived otherwise.
     */
    ATTESTER_PRIVATE_KEY: privateKey.optional(),
    /**
     * The secret every leaf salt of the proof of liabilities is derived from (HMAC), so a database dump alone does
     * not reveal them. Required in production (≥ 32 characters, strong); generated under DATA_DIR otherwise.
     */
    PROOF_SALT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** A sent publication whose transaction has no receipt this long (dropped, or reorged away) is sent again. */
    PROOF_RESEND_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
    /**
     * The leaves and nodes of a snapshot taken longer ago than this many days are deleted (its proofs are no longer
     * served; the snapshot, its root and totals stay). The latest published snapshot keeps its proofs at any age. At
     * least 30: a member's assets history reads their leaves of the last 30 days.
     */
    PROOF_LEAVES_KEEP_DAYS: z.coerce
      .number()
      .int()
      .min(30, "must be at least 30: a member's assets history reads their leaves of the last 30 days")
      .max(3660)
      .default(90),
    /**
     * When a payment or a claim counts: `finalized` or `safe` (the chain's own finality tags, for real
     * networks; Arbitrum One's finalized follows Ethereum's), or `confirmations` (CHAIN_CONFIRMATIONS
     * blocks; anvil, which finalizes nothing by itself). Default: confirmations on the local chain,
     * finalized with CHAIN_RPC_URL.
     */
    CHAIN_FINALITY: z.enum(['confirmations', 'safe', 'finalized']).optional(),
    /** HS256 secret for session tokens (≥ 32 chars). Required in production; generated under DATA_DIR otherwise. */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    JWT_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(7 * 24 * 3600),
    /** How long a member snapshot (auth, /me) may be served from memory; 0 turns the cache off. */
    MEMBER_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    NONCE_TTL_SECONDS: z.coerce.number().int().positive().default(300),
    ADMIN_ADDRESSES: addressList.optional(),
    /**
     * A grant or revocation of a role with approval power (admin, auditor) waits for a second admin this long; an
     * unconfirmed request then expires.
     */
    ROLE_REQUEST_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24)
      .default(72),
    /**
     * Maker-checker: two members are not two independent approvers (of a withdrawal, a chain incident's reversal)
     * while one holds an approval role the other asked for or confirmed (directly or through a chain of such
     * grants) less than this many hours ago.
     */
    ROLE_COOLING_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(365 * 24)
      .default(24),
    RATE_LIMIT_NONCE_PER_MINUTE: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** Per member and endpoint: orders, payment reports, cancels, withdrawals, claims, management settles. */
    RATE_LIMIT_MONEY_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Per client address: POST /vitals (anonymous Core Web Vitals reports, one per sampled page view). */
    RATE_LIMIT_VITALS_PER_MINUTE: z.coerce.number().int().positive().default(20),
    /** The share of page views whose Core Web Vitals the app reports (0 to 1; 0 turns reporting off). */
    VITALS_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0.1),
    /**
     * Core Web Vitals rows are kept for the last this many UTC days, today included (the analytics page's longest
     * preset is 90 days); older ones are deleted by the `vitals-retention` job.
     */
    VITALS_KEEP_DAYS: z.coerce.number().int().min(1).max(3660).default(90),
    /**
     * Which proxies to believe about the client's address (X-Forwarded-For): "false" (none, the default:
     * the socket's peer is the client), a hop count ("1" behind one load balancer), or a comma-separated
     * list of proxy addresses or CIDR ranges. "true" (trust anything) is refused: any client could then
     * pick the address its rate limit is counted under.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const t = v.trim();
        if (t === 'false' || t === '') return false as const;
        if (/^\d{1,2}$/.test(t)) return Number(t);
        const list = t
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        const ok = list.every(
          (a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a) || /^(loopback|linklocal|uniquelocal)$/.test(a),
        );
        if (!ok || list.length === 0) {
          ctx.addIssue({
            code: 'custom',
            message: 'must be false, a hop count, or a comma-separated list of proxy addresses / CIDR ranges',
          });
          return z.NEVER;
        }
        return list;
      }),
    /** How long a background job's lease lasts without renewal: the takeover time after a process dies. */
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
    /** Seed demo data (dev accounts funded, a small team) into an empty development database. */
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    WEB_DIST: z.string().optional(),
    REFERRAL_RATE_PERCENT: percent.default('10'),
    EASY_EARN_APY_MAX_PERCENT: percent.default('18'),
    /** Levels 1–5: investment_sum thresholds (USDT), static daily rate, pairing rate, day top profit (USDT). */
    LEVEL_THRESHOLDS_USDT: perLevel(decimal).default(['100', '1000', '5000', '10000', '50000']),
    LEVEL_STATIC_PERCENT: perLevel(percent).default(['0.2', '0.4', '0.6', '0.8', '1']),
    LEVEL_PAIRING_PERCENT: perLevel(percent).default(['2', '4', '6', '8', '10']),
    LEVEL_DAY_TOP_USDT: perLevel(decimal).default(['100', '500', '2000', '5000', '20000']),
    /** Management ranks 1–5: manage_award_base thresholds (USDT) and the rate profit/mng pays on the base. */
    MANAGE_THRESHOLDS_USDT: perLevel(decimal).default(['10000', '50000', '100000', '500000', '1000000']),
    MANAGE_RATE_PERCENT: perLevel(percent).default(['1', '2', '3', '4', '5']),
    /** The daily settlement of a UTC day runs this many minutes after the day ended (late confirmations). */
    SETTLEMENT_DELAY_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(23 * 60)
      .default(5),
    /** remaining_dividends granted per USDT invested (the earnings cap). */
    EARNINGS_CAP_MULTIPLIER: z.coerce.number().int().min(1).max(100).default(3),
    /** The share of each reward credited in AGC at the day's price; the rest in USDT. */
    VC_RATE_PERCENT: percent.default('20'),
    /** The AGC service fee of an order, as a share of its USDT price. */
    ORDER_FEE_PERCENT: percent.default('5'),
    ORDER_QUOTE_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** An Unpaid order is canceled this long after its quote expired (a payment sent in time may still be mined). */
    ORDER_EXPIRY_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
    /**
     * A reported payment that the chain watcher has not confirmed after this long (its block was reorged
     * away, say) gives the order back: Unpaid while the quote holds, Canceled after. Longer than finality.
     */
    ORDER_REPORT_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(120),
    /** Funds (docs/product-rules.md "Funds"): a NAV step above this from the last published one needs a second admin. */
    FUND_NAV_MAX_STEP_PERCENT: percent.default('10'),
    /**
     * A NAV farther than this from any published NAV of the 7 days before its day (or the one in force at their
     * start) needs a second admin too: bounds the cumulative move of several steps each within the daily limit.
     */
    FUND_NAV_MAX_WEEK_PERCENT: percent.default('20'),
    /** The interface languages that show the Fund entry (the spec's list), comma-separated. */
    FUND_LOCALES: z
      .string()
      .default('en,ja,ko,th,vi,zh-Hans,zh-Hant')
      .transform((s) =>
        s
          .split(',')
          .map((l) => l.trim())
          .filter(Boolean),
      ),
    /** The network fund payments use, as every language's text names it. */
    FUND_PAYMENT_NETWORK: z.string().min(1).max(40).default('Arbitrum'),
    /** How long a fund subscription's signed payment quote holds. */
    FUND_QUOTE_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** Fund earnings: a direct inviter's share of an invitee's priced subscription. */
    FUND_REFERRAL_PERCENT: percent.default('5'),
    /** Fund levels 1–5: the placement subtree's fund volume (USDT) from which each applies, and its TeamReward rate. */
    FUND_TEAM_THRESHOLDS_USDT: perLevel(decimal).default(['10000', '50000', '100000', '500000', '1000000']),
    FUND_TEAM_PERCENT: perLevel(percent).default(['1', '2', '3', '4', '5']),
    /** Fund PairingReward: the rate on the day's smaller new left/right fund volume (with carry). */
    FUND_PAIRING_PERCENT: percent.default('5'),
    /** Simple earn (docs/product-rules.md "Simple earn"): the APY paid (daily factor (1 + APY)^(1/365)); at most EASY_EARN_APY_MAX_PERCENT. */
    EARN_APY_PERCENT: percent.default('18'),
    /** A transfer out below this (USDT) arrives after EARN_FAST_DELAY_MINUTES, from it after EARN_SLOW_DELAY_DAYS. */
    EARN_FAST_LIMIT_USDT: decimal.default('1000'),
    EARN_FAST_DELAY_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
    EARN_SLOW_DELAY_DAYS: z.coerce.number().int().min(0).max(30).default(3),
    /** Exchange center (docs/product-rules.md "Exchange center"): the fee on every swap, taken from the amount in. */
    EXCHANGE_FEE_PERCENT: percent
      .refine((v) => parseAmount(v, 4) < 1_000_000n, 'must be below 100')
      .default('0.5'),
    /** How long an exchange quote holds. */
    EXCHANGE_QUOTE_TTL_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
    /**
     * The price source: `uniswap-v3` (the AGC price a TWAP of an AGC/USDT Uniswap v3 pool, ETH from a Chainlink
     * feed; the local chain deploys and seeds its own) or `fixed` (AGC_PRICE_USDT and ETH_PRICE_USDT, and every
     * screen that shows a price says so). Default: fixed under NODE_ENV=test, uniswap-v3 otherwise.
     */
    PRICE_SOURCE: z.enum(['fixed', 'uniswap-v3']).optional(),
    /** The fixed AGC price, and the local pool's starting price. */
    AGC_PRICE_USDT: decimal.refine((v) => /[1-9]/.test(v), 'must be above 0').default('0.5'),
    /** 1 ETH in USDT, fixed (and the local ETH/USD feed's first answer): only shown, never used to pay or credit. */
    ETH_PRICE_USDT: decimal.refine((v) => /[1-9]/.test(v), 'must be above 0').default('3000'),
    /** uniswap-v3: the AGC/USDT pool (required with CHAIN_RPC_URL; the local chain deploys one). */
    PRICE_POOL_ADDRESS: address.optional(),
    /** uniswap-v3: the Chainlink ETH/USD feed (AggregatorV3Interface; required with CHAIN_RPC_URL). */
    ETH_USD_FEED_ADDRESS: address.optional(),
    /**
     * uniswap-v3: Chainlink's L2 sequencer uptime feed; while the sequencer is down, and for
     * PRICE_SEQUENCER_GRACE_SECONDS after it comes back, no market price is used. Required in production on
     * Arbitrum (chain 42161).
     */
    SEQUENCER_UPTIME_FEED_ADDRESS: address.optional(),
    /** The TWAP's window: the pool's mean tick over this many seconds (observe). */
    PRICE_TWAP_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
    /**
     * A market price older than this is not used (quotes refused, admins alerted): on a real network the age of
     * the block it was read at, on the local chain (which mines only on demand) of the reading. 0 = not checked.
     */
    PRICE_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** A pool whose in-range liquidity is worth less than this much USDT (its USDT depth) is not used. */
    PRICE_MIN_LIQUIDITY: decimal.default('10000'),
    /** A TWAP that moved more than this from the last price accepted within one window is not used. */
    PRICE_MAX_DEVIATION_PERCENT: percent
      .refine((v) => parseAmount(v, 4) > 0n, 'must be above 0')
      .default('10'),
    /** How often the market price is read (and stored for the chart); a reading is reused this long. */
    PRICE_SAMPLE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /**
     * Market readings older than this many days are deleted by the `price-retention` job (the newest accepted one
     * before that stays: it is the price of every instant up to the next). At least 30: the chart needs 24 h, the
     * move guard PRICE_TWAP_SECONDS, a member's assets history the prices of its last 30 days.
     */
    PRICE_OBSERVATIONS_KEEP_DAYS: z.coerce
      .number()
      .int()
      .min(30, "must be at least 30: a member's assets history values its last 30 days at their prices")
      .max(3660)
      .default(30),
    /** The ETH/USD feed's answer is stale when its update is older than this at the block read (heartbeat + margin). */
    ETH_USD_MAX_AGE_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(90_000),
    /** After the L2 sequencer comes back up, market prices wait this long (Chainlink's documented grace period). */
    PRICE_SEQUENCER_GRACE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3600),
    /** Withdrawal service fee, a share of the amount requested, taken in the same asset. */
    WITHDRAW_FEE_PERCENT: percent
      .refine((v) => parseAmount(v, 4) < 1_000_000n, 'must be below 100')
      .default('5'),
    /** Most one member may request per UTC day (rejected requests do not count), per asset. */
    WITHDRAW_DAILY_LIMIT_USDT: decimal.default('10000'),
    WITHDRAW_DAILY_LIMIT_AGC: agcDecimal.default('20000'),
    /** The smallest withdrawal per asset (so that no request pays a zero fee). */
    WITHDRAW_MIN_USDT: decimal.default('1'),
    WITHDRAW_MIN_AGC: agcDecimal.default('1'),
    /**
     * Maker-checker: an approval of a withdrawal worth more than this (USDT; AGC at the price of the
     * moment) needs a second approver, different from the first and from the member.
     */
    WITHDRAW_SECOND_APPROVAL_USDT: decimal.default('1000'),
    /** How long a claim voucher stays valid on chain. */
    WITHDRAW_VOUCHER_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    /**
     * Group commit of withdrawal requests: most requests one transaction applies, and how many such
     * transactions run at once per process (1 and the pool size = one transaction per request).
     */
    WITHDRAW_BATCH_MAX: z.coerce.number().int().min(1).max(1000).default(100),
    WITHDRAW_BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(2),
    /** Blocks on top of a payment's block before it counts (1 = the block itself). */
    CHAIN_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
    WATCHER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(500),
    /** Largest block range one eth_getLogs asks for. */
    WATCHER_MAX_BLOCK_RANGE: z.coerce.number().int().min(1).max(100_000).default(2000),
    /**
     * First block to read payment events from on a real network (the Transfer contract's deployment). 0 is a
     * block number like any other (the chain's first), not "unset": only an absent or empty value is unset.
     */
    TRANSFER_START_BLOCK: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^(0|[1-9]\d{0,15})$/, 'must be a block number (digits, no sign or leading zero)')
        .transform(Number)
        .optional(),
    ),
    /**
     * A deployment file (`npm run contracts:deploy` writes one): the contracts' addresses, the chain id and the
     * first block, instead of AGC_ADDRESS, USDT_ADDRESS, TRANSFER_ADDRESS, VAULT_ADDRESS and TRANSFER_START_BLOCK
     * (read by loadConfig before this schema sees them; giving both is refused).
     */
    DEPLOYMENT_FILE: z.string().min(1).optional(),
    /**
     * GET /ready fails when the chain's newest block is older than this (the RPC is stuck or the node fell
     * behind). 0 = not checked. Default: 300 with CHAIN_RPC_URL; 0 on the local chain (anvil mines a block only
     * when a transaction comes, so a quiet local chain's head is old and fine).
     */
    READY_MAX_BLOCK_AGE_SECONDS: z.coerce.number().int().min(0).max(86_400).optional(),
    /**
     * The bearer token GET /metrics on the app's port requires (Authorization: Bearer …). Unset: generated under
     * DATA_DIR in development; in production required unless METRICS_PORT serves the metrics apart.
     */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
    /** A second listener serving only /metrics, /health and /ready, without a token (an internal address). */
    METRICS_PORT: port.optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    /** Gauges read from the database or the chain on a scrape (waiting counts, watcher lag) are reused this long. */
    METRICS_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** The solvency coverage gauges (the ledger's sums and the treasury's balances) are reused this long. */
    METRICS_SOLVENCY_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** On SIGTERM, requests in flight and running jobs get this long to finish before the process exits anyway. */
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
    /** Where `npm run db:backup` writes (and `db:restore` looks for the newest) backups. Default: DATA_DIR/backups. */
    BACKUP_DIR: z.string().min(1).optional(),
    /**
     * Compress API answers above 1 KB when the client accepts it (brotli or gzip). Off when a proxy in front
     * compresses already. The web app's files are compressed at build time either way.
     */
    HTTP_COMPRESSION: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** Run the background jobs (chain watcher, quote expiry, team volume) in this process. */
    RUN_JOBS: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /**
     * Tests only (refused in production): a server clock that starts at this instant (ISO 8601, or "now") and
     * that POST /api/v1/test/clock moves forward (e2e settles a day that ended). Unset: the real clock, no route.
     */
    TEST_CLOCK: z
      .union([
        z.literal('now'),
        z.iso.datetime({
          offset: true,
          error: 'must be "now" or an ISO 8601 instant like 2030-01-02T00:10:00Z',
        }),
      ])
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.CHAIN_RPC_URL) {
      for (const key of [
        'AGC_ADDRESS',
        'USDT_ADDRESS',
        'TRANSFER_ADDRESS',
        'VAULT_ADDRESS',
        'SIGNER_PRIVATE_KEY',
        // Without it the watcher would read a real chain from block 0, range by range.
        'TRANSFER_START_BLOCK',
      ] as const) {
        if (env[key] === undefined || env[key] === '')
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when CHAIN_RPC_URL is set' });
      }
      // 0 is a real answer, and in production a wrong one: no payment contract is deployed in a chain's first
      // block, so it would only make the watcher read the whole chain, range by range.
      if (env.NODE_ENV === 'production' && env.TRANSFER_START_BLOCK === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['TRANSFER_START_BLOCK'],
          message: "is 0 (the chain's first block): give the payment contract's deployment block",
        });
    }
    if (env.NODE_ENV === 'production') {
      // Every secret explicitly: nothing generated, derived from the development mnemonic or defaulted.
      for (const key of [
        'JWT_SECRET',
        'DATABASE_URL',
        'CHAIN_RPC_URL',
        'QUOTE_SIGNER_PRIVATE_KEY',
        'ATTESTATION_ADDRESS',
        'ATTESTER_PRIVATE_KEY',
        'PROOF_SALT_SECRET',
      ] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required in production' });
      }
      for (const key of ['JWT_SECRET', 'PROOF_SALT_SECRET'] as const) {
        const value = env[key];
        const weak = value ? secretWeakness(value) : null;
        if (weak) ctx.addIssue({ code: 'custom', path: [key], message: weak });
      }
      for (const key of ['SIGNER_PRIVATE_KEY', 'QUOTE_SIGNER_PRIVATE_KEY', 'ATTESTER_PRIVATE_KEY'] as const) {
        const value = env[key];
        if (value && isDevelopmentKey(value))
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is a key of the public development mnemonic (anvil/hardhat): never in production',
          });
      }
      if (env.TEST_CLOCK)
        ctx.addIssue({ code: 'custom', path: ['TEST_CLOCK'], message: 'must not be set in production' });
      // The metrics tell the size of the business (balances owed, withdrawals waiting): never open to anyone.
      if (!env.METRICS_TOKEN && env.METRICS_PORT === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['METRICS_TOKEN'],
          message: 'is required in production unless METRICS_PORT serves the metrics on an internal address',
        });
      if (env.METRICS_TOKEN) {
        const weak = secretWeakness(env.METRICS_TOKEN);
        if (weak) ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: weak });
      }
    }
    // The attestation contract and its key go together (one without the other could never publish).
    if (env.CHAIN_RPC_URL)
      for (const [key, other] of [
        ['ATTESTATION_ADDRESS', 'ATTESTER_PRIVATE_KEY'],
        ['ATTESTER_PRIVATE_KEY', 'ATTESTATION_ADDRESS'],
      ] as const)
        if (env[other] && !env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: `is required when ${other} is set` });
    const priceSource = env.PRICE_SOURCE ?? (env.NODE_ENV === 'test' ? 'fixed' : 'uniswap-v3');
    if (priceSource === 'uniswap-v3' && env.CHAIN_RPC_URL)
      for (const key of ['PRICE_POOL_ADDRESS', 'ETH_USD_FEED_ADDRESS'] as const)
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required with PRICE_SOURCE=uniswap-v3 and CHAIN_RPC_URL (or PRICE_SOURCE=fixed)',
          });
    if (
      priceSource === 'uniswap-v3' &&
      env.NODE_ENV === 'production' &&
      env.CHAIN_ID === 42161 &&
      !env.SEQUENCER_UPTIME_FEED_ADDRESS
    )
      ctx.addIssue({
        code: 'custom',
        path: ['SEQUENCER_UPTIME_FEED_ADDRESS'],
        message: "is required on Arbitrum One: Chainlink's L2 sequencer uptime feed",
      });
    if (env.CHAIN_RPC_URL && !env.QUOTE_SIGNER_PRIVATE_KEY)
      ctx.addIssue({
        code: 'custom',
        path: ['QUOTE_SIGNER_PRIVATE_KEY'],
        message: 'is required when CHAIN_RPC_URL is set',
      });
    if (parseAmount(env.EARN_APY_PERCENT, 4) > parseAmount(env.EASY_EARN_APY_MAX_PERCENT, 4))
      ctx.addIssue({
        code: 'custom',
        path: ['EARN_APY_PERCENT'],
        message: `must not be above EASY_EARN_APY_MAX_PERCENT (${env.EASY_EARN_APY_MAX_PERCENT}): the app says "up to" that`,
      });
    const fee = parseAmount(env.WITHDRAW_FEE_PERCENT, 4);
    for (const [key, decimals] of [
      ['WITHDRAW_MIN_USDT', USDT_DECIMALS],
      ['WITHDRAW_MIN_AGC', AGC_DECIMALS],
    ] as const) {
      // A minimum whose fee rounds down to zero would let a request through for free.
      if (fee > 0n && (parseAmount(env[key], decimals) * fee) / 1_000_000n === 0n)
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is too small: its ${env.WITHDRAW_FEE_PERCENT} % fee rounds down to 0`,
        });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  publicOrigin: string;
  /** The SIWE domain: host[:port] of the public origin. */
  siweDomain: string;
  dataDir: string;
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  chain: {
    id: number;
    /** External network; when absent the runtime starts anvil on anvilPort. */
    rpcUrl?: string;
    anvilPort: number;
    publicRpcUrl?: string;
    explorerUrl: string;
    contracts?: {
      agc: `0x${string}`;
      usdt: `0x${string}`;
      transfer: `0x${string}`;
      vault: `0x${string}`;
      /** LiabilityAttestation; absent: proofs are built but not published. */
      attestation?: `0x${string}`;
    };
    signerKey?: `0x${string}`;
    quoteSignerKey?: `0x${string}`;
    attesterKey?: `0x${string}`;
  };
  /** Proof of liabilities: the secret the leaf salts derive from (the runtime generates one in development). */
  proofs: { saltSecret?: string; resendMs: number };
  /** How many days each growing table keeps (docs/decisions 0147–0149); each module's retention job deletes the rest. */
  retention: { priceObservationsDays: number; vitalsDays: number; proofLeavesDays: number };
  jwt: { secret?: string; ttlSeconds: number };
  nonceTtlSeconds: number;
  memberCacheTtlMs: number;
  adminAddresses: string[];
  /** Role changes with approval power: how long a request waits for a second admin; the maker-checker cooling. */
  roles: { requestTtlMs: number; coolingMs: number };
  rateLimit: {
    noncePerMinute: number;
    authPerMinute: number;
    moneyPerMinute: number;
    vitalsPerMinute: number;
  };
  /** The share of page views whose Core Web Vitals the app reports. */
  vitalsSampleRate: number;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses / CIDR ranges. */
  trustProxy: false | number | string[];
  jobLeaseMs: number;
  seedDemo: boolean;
  webDist: string;
  rates: { referralMax: string; pairingMax: string; staticMax: string; easyEarnApyMax: string };
  rules: Rules;
  shop: { feePpm: bigint; quoteTtlMs: number; expiryGraceMs: number; reportTtlMs: number };
  price: PriceConfig;
  watcher: {
    /** When an event counts: the chain's finality tag, or `confirmations` blocks on top of its own. */
    finality: 'confirmations' | 'safe' | 'finalized';
    confirmations: number;
    pollMs: number;
    maxBlockRange: number;
    startBlock: bigint;
  };
  runJobs: boolean;
  /** Compress API answers above 1 KB when asked (plugins/compress.ts). */
  httpCompression: boolean;
  /** Health, readiness, metrics, shutdown, backups (docs/decisions: operations). */
  ops: OpsConfig;
  settlement: { delayMs: number };
  /** Tests only: the server clock is movable, starting at `start` (see modules/testing). */
  testClock?: { start: Date };
  withdraw: WithdrawRules;
  funds: FundRules;
  earn: EarnRules;
  exchange: { feePpm: bigint; quoteTtlMs: number };
}

/** Where the prices come from and when a market price is not used (docs/decisions 0160–0163). */
export interface PriceConfig {
  source: 'fixed' | 'uniswap-v3';
  /** The fixed prices (USDT minor units), and the local market's starting prices. */
  agcUsdt: bigint;
  ethUsdt: bigint;
  /** A real network's market (absent: the local chain's, from its deployment). */
  pool?: `0x${string}`;
  ethUsdFeed?: `0x${string}`;
  sequencerFeed?: `0x${string}`;
  twapSeconds: number;
  /** 0 = not checked. */
  maxAgeMs: number;
  /** What the age counts from: the block's time (a real network), or the reading's (anvil mines on demand). */
  ageFrom: 'block' | 'reading';
  /** USDT minor units. */
  minLiquidityUsdt: bigint;
  maxDeviationPpm: bigint;
  sampleMs: number;
  ethMaxAgeMs: number;
  sequencerGraceMs: number;
}

export interface OpsConfig {
  /** GET /ready fails when the chain head is older than this; 0 = not checked. */
  readyMaxBlockAgeMs: number;
  metrics: {
    /** Bearer token for /metrics on the app's port (the runtime generates one in development when unset). */
    token?: string;
    /** A separate listener for /metrics, /health and /ready (no token), when set. */
    port?: number;
    host: string;
    /** How long the database and chain gauges, and the solvency gauges, are reused between scrapes. */
    cacheMs: number;
    solvencyCacheMs: number;
  };
  shutdownTimeoutMs: number;
  backupDir: string;
}

/** Simple-earn rules (docs/product-rules.md "Simple earn"), exact integers. */
export interface EarnRules {
  /** The APY paid, parts per million (18 % = 180,000). */
  apyPpm: bigint;
  /** Below this (USDT minor units) a transfer out arrives after fastDelayMs, from it after slowDelayMs. */
  fastLimit: bigint;
  fastDelayMs: number;
  slowDelayMs: number;
}

/** Fund rules (docs/product-rules.md "Funds"), exact integers. Product-specific figures live on the products. */
export interface FundRules {
  navMaxStepPpm: bigint;
  /** The largest move from the NAVs of the rolling 7 days before a NAV's day that one admin publishes alone. */
  navMaxWeekPpm: bigint;
  /** Interface languages that show the Fund entry. */
  locales: string[];
  /** The payment network's name for every language's text. */
  paymentNetwork: string;
  quoteTtlMs: number;
  referralPpm: bigint;
  /** Fund levels 1–5 by the placement subtree's fund volume (USDT minor units), with the TeamReward rate. */
  teamLevels: Array<{ level: number; threshold: bigint; ratePpm: bigint }>;
  pairingPpm: bigint;
}

/** Withdrawal rules (docs/product-rules.md "Withdrawals"), exact integers. */
export interface WithdrawRules {
  feePpm: bigint;
  /** Per member and UTC day, in minor units of each asset. */
  dailyLimit: { USDT: bigint; AGC: bigint };
  /** The smallest request per asset, minor units. */
  minimum: { USDT: bigint; AGC: bigint };
  /** Above this USDT value (minor units) an approval needs a second, different approver. */
  secondApprovalUsdt: bigint;
  voucherTtlMs: number;
  batch: { max: number; concurrency: number };
}

/** One level's rules (levels 1–5; level 0 = below the first threshold: no rates). */
export interface LevelRule {
  level: number;
  /** investment_sum from which the level applies, USDT minor units. */
  threshold: bigint;
  staticPpm: bigint;
  pairingPpm: bigint;
  /** Most rewards one member may receive in a day, USDT minor units. */
  dayTop: bigint;
}

/** The business rules (docs/product-rules.md), as exact integers: rates in parts per million, amounts in minor units. */
export interface Rules {
  levels: LevelRule[];
  referralPpm: bigint;
  vcPpm: bigint;
  earningsCap: bigint;
  /** Management ranks 1–5 by manage_award_base (rank 0 below the first threshold: nothing to settle). */
  manageRanks: ManageRank[];
}

export interface ManageRank {
  rank: number;
  /** manage_award_base from which the rank applies, USDT minor units. */
  threshold: bigint;
  ratePpm: bigint;
}

/** "10" → 100000, "0.6" → 6000 (parts per million), exactly: a percentage has 4 decimals of ppm. */
const percentToPpm = (percent: string): bigint => parseAmount(percent, 4);

const usdtUnits = (decimalText: string): bigint => parseAmount(decimalText, USDT_DECIMALS);

const maxOf = (list: string[]) => list.reduce((a, b) => (percentToPpm(b) > percentToPpm(a) ? b : a));

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The settings a deployment file replaces (ATTESTATION_ADDRESS when the file has the attestation contract). */
const DEPLOYMENT_KEYS = [
  'AGC_ADDRESS',
  'USDT_ADDRESS',
  'TRANSFER_ADDRESS',
  'VAULT_ADDRESS',
  'TRANSFER_START_BLOCK',
  'ATTESTATION_ADDRESS',
] as const;

/**
 * DEPLOYMENT_FILE read into the settings it stands for, so the schema checks them like any other. Refused: the
 * file together with one of those settings (which one would count?), an unreadable file, a chain id other than
 * CHAIN_ID's, a file without CHAIN_RPC_URL (the local chain deploys its own).
 */
function withDeploymentFile(source: Record<string, string | undefined>): Record<string, string | undefined> {
  const file = source.DEPLOYMENT_FILE;
  if (!file) return source;
  const fail = (message: string) => {
    throw new ConfigError(
      `Invalid configuration:\n  DEPLOYMENT_FILE: ${message} (got ${JSON.stringify(file)})`,
    );
  };
  const both = DEPLOYMENT_KEYS.filter((k) => k !== 'ATTESTATION_ADDRESS' && source[k]);
  if (both.length > 0) fail(`is set together with ${both.join(', ')}: give one or the other`);
  if (!source.CHAIN_RPC_URL) fail('needs CHAIN_RPC_URL (the network the contracts are on)');
  let d: ReturnType<typeof readDeployment>;
  try {
    d = readDeployment(resolve(file));
  } catch (e) {
    return fail(`cannot be read: ${(e as Error).message}`);
  }
  if (d.attestation && source.ATTESTATION_ADDRESS)
    fail(
      'is set together with ATTESTATION_ADDRESS (the file names the attestation contract): give one or the other',
    );
  if (source.CHAIN_ID && Number(source.CHAIN_ID) !== d.chainId)
    fail(`is for chain ${d.chainId}, CHAIN_ID is ${source.CHAIN_ID}`);
  return {
    ...source,
    CHAIN_ID: String(d.chainId),
    AGC_ADDRESS: d.agc,
    USDT_ADDRESS: d.usdt,
    TRANSFER_ADDRESS: d.transfer,
    VAULT_ADDRESS: d.vault,
    TRANSFER_START_BLOCK: d.blockNumber.toString(),
    // A file written before the attestation contract existed: ATTESTATION_ADDRESS may name one deployed since.
    ATTESTATION_ADDRESS: d.attestation ?? source.ATTESTATION_ADDRESS,
  };
}

export function loadConfig(given: Record<string, string | undefined> = process.env): Config {
  const source = withDeploymentFile(given);
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '?');
      const got = source[key];
      const shown =
        got === undefined
          ? 'unset'
          : key.includes('SECRET') || key.includes('KEY') || key.includes('TOKEN')
            ? '(hidden)'
            : JSON.stringify(got);
      return `  ${key}: ${issue.message} (got ${shown})`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const publicOrigin = (e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const lower = (a?: string) => a?.toLowerCase() as `0x${string}`;
  const optionalAddress = (a?: string) => a?.toLowerCase() as `0x${string}` | undefined;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    publicOrigin,
    siweDomain: new URL(publicOrigin).host,
    dataDir: resolve(e.DATA_DIR),
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(e.DATA_DIR, 'pglite') },
    chain: {
      id: e.CHAIN_ID,
      rpcUrl: e.CHAIN_RPC_URL,
      anvilPort: e.ANVIL_PORT,
      publicRpcUrl: e.PUBLIC_RPC_URL,
      explorerUrl: e.EXPLORER_URL.replace(/\/$/, ''),
      contracts:
        e.AGC_ADDRESS && e.USDT_ADDRESS && e.TRANSFER_ADDRESS && e.VAULT_ADDRESS
          ? {
              agc: lower(e.AGC_ADDRESS),
              usdt: lower(e.USDT_ADDRESS),
              transfer: lower(e.TRANSFER_ADDRESS),
              vault: lower(e.VAULT_ADDRESS),
              ...(e.ATTESTATION_ADDRESS && { attestation: lower(e.ATTESTATION_ADDRESS) }),
            }
          : undefined,
      signerKey: e.SIGNER_PRIVATE_KEY as `0x${string}` | undefined,
      quoteSignerKey: e.QUOTE_SIGNER_PRIVATE_KEY as `0x${string}` | undefined,
      attesterKey: e.ATTESTER_PRIVATE_KEY as `0x${string}` | undefined,
    },
    proofs: { saltSecret: e.PROOF_SALT_SECRET, resendMs: e.PROOF_RESEND_SECONDS * 1000 },
    retention: {
      priceObservationsDays: e.PRICE_OBSERVATIONS_KEEP_DAYS,
      vitalsDays: e.VITALS_KEEP_DAYS,
      proofLeavesDays: e.PROOF_LEAVES_KEEP_DAYS,
    },
    jwt: { secret: e.JWT_SECRET, ttlSeconds: e.JWT_TTL_SECONDS },
    nonceTtlSeconds: e.NONCE_TTL_SECONDS,
    memberCacheTtlMs: e.MEMBER_CACHE_TTL_MS,
    adminAddresses: (e.ADMIN_ADDRESSES ?? []).map((a) => a.toLowerCase()),
    roles: {
      requestTtlMs: e.ROLE_REQUEST_TTL_HOURS * 3_600_000,
      coolingMs: e.ROLE_COOLING_HOURS * 3_600_000,
    },
    rateLimit: {
      noncePerMinute: e.RATE_LIMIT_NONCE_PER_MINUTE,
      authPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
      moneyPerMinute: e.RATE_LIMIT_MONEY_PER_MINUTE,
      vitalsPerMinute: e.RATE_LIMIT_VITALS_PER_MINUTE,
    },
    vitalsSampleRate: e.VITALS_SAMPLE_RATE,
    trustProxy: e.TRUST_PROXY,
    jobLeaseMs: e.JOB_LEASE_SECONDS * 1000,
    seedDemo: e.SEED_DEMO,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    rates: {
      referralMax: e.REFERRAL_RATE_PERCENT,
      // The invite texts' "up to" figures are the highest level's rates, so they cannot disagree.
      pairingMax: maxOf(e.LEVEL_PAIRING_PERCENT),
      staticMax: maxOf(e.LEVEL_STATIC_PERCENT),
      easyEarnApyMax: e.EASY_EARN_APY_MAX_PERCENT,
    },
    rules: {
      levels: e.LEVEL_THRESHOLDS_USDT.map((threshold, i) => ({
        level: i + 1,
        threshold: usdtUnits(threshold),
        staticPpm: percentToPpm(e.LEVEL_STATIC_PERCENT[i] ?? '0'),
        pairingPpm: percentToPpm(e.LEVEL_PAIRING_PERCENT[i] ?? '0'),
        dayTop: usdtUnits(e.LEVEL_DAY_TOP_USDT[i] ?? '0'),
      })),
      referralPpm: percentToPpm(e.REFERRAL_RATE_PERCENT),
      vcPpm: percentToPpm(e.VC_RATE_PERCENT),
      earningsCap: BigInt(e.EARNINGS_CAP_MULTIPLIER),
      manageRanks: e.MANAGE_THRESHOLDS_USDT.map((threshold, i) => ({
        rank: i + 1,
        threshold: usdtUnits(threshold),
        ratePpm: percentToPpm(e.MANAGE_RATE_PERCENT[i] ?? '0'),
      })),
    },
    settlement: { delayMs: e.SETTLEMENT_DELAY_MINUTES * 60_000 },
    withdraw: {
      feePpm: percentToPpm(e.WITHDRAW_FEE_PERCENT),
      dailyLimit: {
        USDT: usdtUnits(e.WITHDRAW_DAILY_LIMIT_USDT),
        AGC: parseAmount(e.WITHDRAW_DAILY_LIMIT_AGC, AGC_DECIMALS),
      },
      minimum: {
        USDT: usdtUnits(e.WITHDRAW_MIN_USDT),
        AGC: parseAmount(e.WITHDRAW_MIN_AGC, AGC_DECIMALS),
      },
      secondApprovalUsdt: usdtUnits(e.WITHDRAW_SECOND_APPROVAL_USDT),
      voucherTtlMs: e.WITHDRAW_VOUCHER_TTL_MINUTES * 60_000,
      batch: { max: e.WITHDRAW_BATCH_MAX, concurrency: e.WITHDRAW_BATCH_CONCURRENCY },
    },
    shop: {
      feePpm: percentToPpm(e.ORDER_FEE_PERCENT),
      quoteTtlMs: e.ORDER_QUOTE_TTL_MINUTES * 60_000,
      expiryGraceMs: e.ORDER_EXPIRY_GRACE_SECONDS * 1000,
      reportTtlMs: e.ORDER_REPORT_TTL_MINUTES * 60_000,
    },
    price: {
      source: e.PRICE_SOURCE ?? (e.NODE_ENV === 'test' ? 'fixed' : 'uniswap-v3'),
      agcUsdt: usdtUnits(e.AGC_PRICE_USDT),
      ethUsdt: usdtUnits(e.ETH_PRICE_USDT),
      pool: optionalAddress(e.PRICE_POOL_ADDRESS),
      ethUsdFeed: optionalAddress(e.ETH_USD_FEED_ADDRESS),
      sequencerFeed: optionalAddress(e.SEQUENCER_UPTIME_FEED_ADDRESS),
      twapSeconds: e.PRICE_TWAP_SECONDS,
      maxAgeMs: e.PRICE_MAX_AGE_SECONDS * 1000,
      ageFrom: e.CHAIN_RPC_URL ? 'block' : 'reading',
      minLiquidityUsdt: usdtUnits(e.PRICE_MIN_LIQUIDITY),
      maxDeviationPpm: percentToPpm(e.PRICE_MAX_DEVIATION_PERCENT),
      sampleMs: e.PRICE_SAMPLE_SECONDS * 1000,
      ethMaxAgeMs: e.ETH_USD_MAX_AGE_SECONDS * 1000,
      sequencerGraceMs: e.PRICE_SEQUENCER_GRACE_SECONDS * 1000,
    },
    funds: {
      navMaxStepPpm: percentToPpm(e.FUND_NAV_MAX_STEP_PERCENT),
      navMaxWeekPpm: percentToPpm(e.FUND_NAV_MAX_WEEK_PERCENT),
      locales: e.FUND_LOCALES,
      paymentNetwork: e.FUND_PAYMENT_NETWORK,
      quoteTtlMs: e.FUND_QUOTE_TTL_MINUTES * 60_000,
      referralPpm: percentToPpm(e.FUND_REFERRAL_PERCENT),
      teamLevels: e.FUND_TEAM_THRESHOLDS_USDT.map((threshold, i) => ({
        level: i + 1,
        threshold: usdtUnits(threshold),
        ratePpm: percentToPpm(e.FUND_TEAM_PERCENT[i] ?? '0'),
      })),
      pairingPpm: percentToPpm(e.FUND_PAIRING_PERCENT),
    },
    earn: {
      apyPpm: percentToPpm(e.EARN_APY_PERCENT),
      fastLimit: usdtUnits(e.EARN_FAST_LIMIT_USDT),
      fastDelayMs: e.EARN_FAST_DELAY_MINUTES * 60_000,
      slowDelayMs: e.EARN_SLOW_DELAY_DAYS * 86_400_000,
    },
    exchange: {
      feePpm: percentToPpm(e.EXCHANGE_FEE_PERCENT),
      quoteTtlMs: e.EXCHANGE_QUOTE_TTL_SECONDS * 1000,
    },
    watcher: {
      finality: e.CHAIN_FINALITY ?? (e.CHAIN_RPC_URL ? 'finalized' : 'confirmations'),
      confirmations: e.CHAIN_CONFIRMATIONS,
      pollMs: e.WATCHER_POLL_MS,
      maxBlockRange: e.WATCHER_MAX_BLOCK_RANGE,
      startBlock: BigInt(e.TRANSFER_START_BLOCK ?? 0),
    },
    runJobs: e.RUN_JOBS,
    httpCompression: e.HTTP_COMPRESSION,
    ops: {
      readyMaxBlockAgeMs: (e.READY_MAX_BLOCK_AGE_SECONDS ?? (e.CHAIN_RPC_URL ? 300 : 0)) * 1000,
      metrics: {
        token: e.METRICS_TOKEN,
        port: e.METRICS_PORT,
        host: e.METRICS_HOST,
        cacheMs: e.METRICS_CACHE_SECONDS * 1000,
        solvencyCacheMs: e.METRICS_SOLVENCY_CACHE_SECONDS * 1000,
      },
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
      backupDir: resolve(e.BACKUP_DIR ?? resolve(e.DATA_DIR, 'backups')),
    },
    ...(e.TEST_CLOCK && {
      testClock: { start: e.TEST_CLOCK === 'now' ? new Date() : new Date(e.TEST_CLOCK) },
    }),
  };
}
