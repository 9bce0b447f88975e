import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What global-setup started, shared with the tests through a file. */
export interface E2EEnv {
  baseURL: string;
  rpcUrl: string;
  serverPid: number;
  dataDir: string;
  databaseUrl?: string;
}

/**
 * How many servers global-setup starts: one per Playwright worker (`E2E_WORKERS`, default 2), each with its own
 * database, chain and demo seed, so specs in different workers never see each other's members, orders or chain
 * nonces.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * The file that hands one worker's server to its specs. Inside this checkout (test-results/ is ignored by git), so
 * two checkouts on one machine never read each other's server.
 */
export const envFile = (worker: number) =>
  fileURLToPath(new URL(`../../test-results/e2e-server-${worker}.json`, import.meta.url));

/** The server of the Playwright worker this runs in (Playwright numbers its worker slots 0..workers-1). */
export const readEnv = (): E2EEnv =>
  JSON.parse(readFileSync(envFile(Number(process.env.TEST_PARALLEL_INDEX ?? 0)), 'utf8'));
