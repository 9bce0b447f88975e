import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isMainThread } from 'node:worker_threads';

export interface StartAnvilOptions {
  /** 0 or omitted: pick a free port. */
  port?: number;
  /** Defaults to 42161 (Arbitrum One) so local runs match production chain id. */
  chainId?: number;
  /** Load state from / dump state to this file so the chain survives restarts. */
  statePath?: string;
  /** Seconds per block; omitted means a block per transaction. */
  blockTime?: number;
}

export interface AnvilInstance {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;
// Dumping a large state on exit can take a moment; only then do we resort to SIGKILL.
const STOP_TIMEOUT_MS = 10_000;

// Node platform-arch -> suffix of the @foundry-rs/anvil-* binary package.
const BINARY_PACKAGES: Record<string, string> = {
  'linux-x64': 'linux-amd64',
  'linux-arm64': 'linux-arm64',
  'darwin-x64': 'darwin-amd64',
  'darwin-arm64': 'darwin-arm64',
  'win32-x64': 'win32-amd64',
};

export function anvilBinary(): string {
  const suffix = BINARY_PACKAGES[`${process.platform}-${process.arch}`];
  if (!suffix) throw new Error(`anvil: no binary package for ${process.platform}-${process.arch}`);
  const pkg = createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${suffix}/package.json`);
  return join(dirname(pkg), 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
}

/** Spawns anvil and resolves once it answers JSON-RPC. */
export async function startAnvil(options: StartAnvilOptions = {}): Promise<AnvilInstance> {
  // A port found free can be taken by someone else before anvil binds it, so retry on early exit.
  const attempts = options.port ? 1 : 3;
  for (let attempt = 1; ; attempt++) {
    // Checked up front: otherwise a node already on the port would answer our readiness poll.
    const port = await bindablePort(options.port ?? 0);
    try {
      return await launch(port, options);
    } catch (err) {
      if (attempt >= attempts || !(err instanceof AnvilExitedError)) throw err;
    }
  }
}

class AnvilExitedError extends Error {}

async function launch(port: number, options: StartAnvilOptions): Promise<AnvilInstance> {
  const chainId = options.chainId ?? 42161;
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--quiet'];
  if (options.statePath) {
    mkdirSync(dirname(options.statePath), { recursive: true });
    args.push('--state', options.statePath, '--state-interval', '5');
  }
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));

  const child = spawn(anvilBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let spawnError: Error | undefined;
  child.once('error', (err) => {
    spawnError = err;
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  track(child);

  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && !spawnError) {
      child.kill('SIGTERM'); // anvil dumps --state on SIGTERM
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (true) {
    if (spawnError) throw new Error(`anvil: failed to start ${anvilBinary()}: ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new AnvilExitedError(
        `anvil exited with ${child.exitCode ?? child.signalCode} before answering on port ${port}:\n${output}`,
      );
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`anvil: no answer to eth_chainId on ${url} within ${READY_TIMEOUT_MS} ms:\n${output}`);
    }
    if ((await answersChainId(url)) && child.exitCode === null) return { url, port, stop };
    await sleep(50);
  }
}

async function answersChainId(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return res.ok && typeof ((await res.json()) as { result?: unknown }).result === 'string';
  } catch {
    return false;
  }
}

/** A port free on 127.0.0.1 right now (for servers and chains started by tests, e2e and benchmarks). */
export const freePort = (): Promise<number> => bindablePort(0);

/** Binds `port` (0: any free one) on 127.0.0.1 and releases it again. */
async function bindablePort(port: number): Promise<number> {
  const server = createServer();
  server.listen(port, '127.0.0.1');
  try {
    await once(server, 'listening');
  } catch (err) {
    throw new Error(`anvil: cannot use 127.0.0.1:${port}: ${(err as Error).message}`);
  }
  const bound = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return bound;
}

// An orphaned anvil would hold its port and keep dumping state, so kill children when we go away.
const live = new Set<ChildProcess>();
let hooksInstalled = false;

function track(child: ChildProcess): void {
  live.add(child);
  child.once('close', () => live.delete(child));
  if (hooksInstalled) return;
  hooksInstalled = true;
  const killAll = () => {
    for (const c of live) c.kill('SIGTERM');
  };
  process.once('exit', killAll);
  // Signal listeners only work on the main thread. When the program handles the signal itself (the server's
  // graceful shutdown: requests in flight may still need the chain), it stops its chains when it is done, and
  // the exit hook above kills whatever is left. Otherwise kill them now and re-raise the signal, so the default
  // (terminate) behaviour is kept.
  if (!isMainThread) return;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      if (process.listenerCount(signal) > 0) return;
      killAll();
      process.kill(process.pid, signal);
    });
  }
}
