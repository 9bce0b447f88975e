// Shared by the HTTP benchmarks: the built server in its own process, and autocannon load.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@agc/contracts';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));

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

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface Result {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
}

export async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = 50,
  duration = 10,
): Promise<Result> {
  // A short warm-up so JIT and pools are settled before the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  const r = await autocannon({ url, connections, duration, headers });
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    p50: r.latency.p50,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

/**
 * Starts apps/server/dist/server.js as `npm start` would (its own data folder and anvil), on PGlite or
 * the given PostgreSQL database, and waits until it answers.
 */
export async function startBuiltServer(databaseUrl?: string, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'agc-bench-'));
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/server.js')], {
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
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  const close = async () => {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/v1/config`, server);
  } catch (e) {
    await close();
    throw e;
  }
  return { base, stop: close };
}
