import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What global-setup started, shared with the tests through a file. */
export interface E2EEnv {
  baseURL: string;
  rpcUrl: string;
  serverPid: number;
  dataDir: string;
  databaseUrl?: string;
}

export const envFile = join(tmpdir(), 'agc-e2e-env.json');
export const readEnv = (): E2EEnv => JSON.parse(readFileSync(envFile, 'utf8'));
