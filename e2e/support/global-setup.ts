import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@agc/contracts';
import pg from 'pg';
import { type E2EEnv, envFile } from './env.ts';

/**
 * Starts the built server (apps/server/dist) as `npm start` would: its own data folder, its own anvil
 * with the contracts deployed and the demo seed; on PostgreSQL (DATABASE_URL) in a fresh database.
 */
export default async function globalSetup() {
  const port = await freePort();
  const anvilPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agc-e2e-'));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `agc_e2e_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const baseURL = `http://localhost:${port}`;
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const server = spawn(
    process.execPath,
    [fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url))],
    {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        ANVIL_PORT: String(anvilPort),
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: baseURL,
        LOG_LEVEL: 'warn',
        // Every browser test signs in from 127.0.0.1; the sign-in limits are tested in the API tests.
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
        RATE_LIMIT_NONCE_PER_MINUTE: '1000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      stdio: ['ignore', log, log],
      detached: false,
    },
  );
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}; see ${join(dataDir, 'server.log')}`);
    try {
      const res = await fetch(`${baseURL}/api/v1/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline)
      throw new Error(`server did not start in 60 s; see ${join(dataDir, 'server.log')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const config = (await (await fetch(`${baseURL}/api/v1/config`)).json()).data;
  const env: E2EEnv = { baseURL, rpcUrl: config.rpc_url, serverPid: server.pid!, dataDir, databaseUrl };
  writeFileSync(envFile, JSON.stringify(env));
  process.env.E2E_BASE_URL = baseURL;
}
