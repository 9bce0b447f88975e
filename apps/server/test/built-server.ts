// The built server (apps/server/dist/server.js) in a process of its own, as `npm start` runs it: for the
// tests that need real processes (several servers on one database, kill -9) and for the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@agc/contracts';

// BUILT_SERVER_JS: a build of one's own (apps/server/scripts/build.mjs with SERVER_DIST), so that a benchmark or
// test run does not depend on apps/server/dist while another build replaces it.
const dist = process.env.BUILT_SERVER_JS
  ? resolve(process.env.BUILT_SERVER_JS)
  : fileURLToPath(new URL('../dist/server.js', import.meta.url));

export async function waitFor(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}

/** Stops a child gracefully (SIGTERM: jobs stop, leases are given back, connections closed). */
export async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface BuiltServer {
  base: string;
  port: number;
  /** Its DATA_DIR (PGlite data, the local chain's state and deployment.json). */
  dataDir: string;
  child: ChildProcess;
  /** Graceful stop, then its data folder removed. */
  stop(): Promise<void>;
  /** `kill -9`: no shutdown code runs, leases stay held until they run out, transactions are cut. */
  kill9(): Promise<void>;
}

/**
 * Starts the built server on PGlite or the given PostgreSQL database (its own data folder; its own anvil
 * unless `env` names a CHAIN_RPC_URL) and waits until it answers. `stdio` 'inherit' shows its log.
 */
export async function startBuiltServer(
  databaseUrl?: string,
  extraEnv: Record<string, string> = {},
  stdio: 'inherit' | 'ignore' = 'inherit',
): Promise<BuiltServer> {
  const port = extraEnv.PORT ? Number(extraEnv.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agc-built-'));
  const child = spawn(process.execPath, [dist], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'development',
      PORT: String(port),
      ANVIL_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...extraEnv,
    },
    stdio: ['ignore', stdio, stdio],
  });
  const base = `http://localhost:${port}`;
  const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    await waitFor(`${base}/api/v1/config`, child);
  } catch (e) {
    await stop(child);
    cleanup();
    throw e;
  }
  return {
    base,
    port,
    dataDir,
    child,
    stop: async () => {
      await stop(child);
      cleanup();
    },
    kill9: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
      cleanup();
    },
  };
}
