import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@agc/contracts';
import { migratedPgliteFolder } from '@agc/db/testing';
import pg from 'pg';
import type { E2EEnv } from './env.ts';

/**
 * Starts the built server (apps/server/dist) as `npm start` would: its own data folder, its own anvil
 * with the contracts deployed and the demo seed; on PostgreSQL (DATABASE_URL) in a fresh database.
 * `env` adds settings (a spec that needs a server of its own, e.g. with TEST_CLOCK).
 */
export async function startServer(env: Record<string, string> = {}): Promise<E2EEnv> {
  const port = await freePort();
  const anvilPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agc-e2e-'));
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `agc_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  } else {
    // The embedded database starts from a copy of a migrated folder, as from a cold backup: PGlite's initdb and the
    // migrations were most of a server's start (the runtime tests start on an empty folder).
    cpSync(await migratedPgliteFolder(), join(dataDir, 'pglite'), { recursive: true });
  }
  const baseURL = `http://localhost:${port}`;
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const server = spawn(
    process.execPath,
    // E2E_SERVER_JS / E2E_WEB_DIST: a build of one's own (apps/server/scripts/build.mjs with SERVER_DIST, vite with
    // --outDir), so that a run is not disturbed by another build of apps/*/dist.
    [
      process.env.E2E_SERVER_JS ??
        fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url)),
    ],
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
        RATE_LIMIT_MONEY_PER_MINUTE: '1000',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
        ...env,
      },
      stdio: ['ignore', log, log],
      detached: false,
    },
  );
  // A start takes seconds; under a loaded machine (several servers starting at once) it can take a minute.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (server.exitCode !== null)
      throw new Error(`server exited with ${server.exitCode}; see ${join(dataDir, 'server.log')}`);
    try {
      const res = await fetch(`${baseURL}/api/v1/config`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      server.kill('SIGTERM');
      throw new Error(`server did not start in 180 s; see ${join(dataDir, 'server.log')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const config = (await (await fetch(`${baseURL}/api/v1/config`)).json()).data;
  if (server.pid === undefined) throw new Error('the server process has no pid');
  return { baseURL, rpcUrl: config.rpc_url, serverPid: server.pid, dataDir, databaseUrl };
}

/** Stops a server started by startServer (graceful close of database and anvil), then drops its database and folder. */
export async function stopServer(env: E2EEnv): Promise<void> {
  try {
    process.kill(env.serverPid, 'SIGTERM');
  } catch {
    // already gone
  }
  for (let i = 0; i < 50; i++) {
    try {
      process.kill(env.serverPid, 0);
      await new Promise((r) => setTimeout(r, 100));
    } catch {
      break;
    }
  }
  if (env.databaseUrl && process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists "${new URL(env.databaseUrl).pathname.slice(1)}" with (force)`);
    await admin.end();
  }
  rmSync(env.dataDir, { recursive: true, force: true });
}
