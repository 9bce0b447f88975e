// Shared by the HTTP benchmarks: the built server in its own process, and autocannon load.
import { fork } from 'node:child_process';
import { freePort } from '@agc/contracts';
import autocannon from 'autocannon';
import {
  startBuiltServer as start,
  stop as stopChild,
  waitFor as waitForChild,
} from '../apps/server/test/built-server.ts';

export { stop, waitFor } from '../apps/server/test/built-server.ts';

/**
 * The built server for a benchmark: on PGlite or the given PostgreSQL database, with the money endpoints'
 * per-member limit raised (the load comes from one address and few members: measure the limiter's work,
 * not its refusals).
 */
export const startBuiltServer = (databaseUrl?: string, extraEnv: Record<string, string> = {}) =>
  start(databaseUrl, { RATE_LIMIT_MONEY_PER_MINUTE: '100000000', ...extraEnv });

export interface Result {
  rps: number;
  p99: number;
  p50: number;
  errors: number;
  non2xx: number;
  /** Answers with a 2xx status. */
  ok: number;
}

/** The figures of one autocannon run. */
export const resultOf = (r: Awaited<ReturnType<typeof autocannon>>): Result => ({
  rps: r.requests.average,
  p99: r.latency.p99,
  p50: r.latency.p50,
  errors: r.errors,
  non2xx: r.non2xx,
  ok: r['2xx'],
});

/**
 * The figures of runs made at once against several processes (behind a load balancer): requests/s and
 * counts summed, p50/p99 the worst of them (a conservative merge).
 */
export const mergeResults = (results: Result[]): Result => ({
  rps: results.reduce((sum, r) => sum + r.rps, 0),
  p50: Math.max(...results.map((r) => r.p50)),
  p99: Math.max(...results.map((r) => r.p99)),
  errors: results.reduce((sum, r) => sum + r.errors, 0),
  non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  ok: results.reduce((sum, r) => sum + r.ok, 0),
});

export async function load(
  url: string,
  headers: Record<string, string> = {},
  connections = 50,
  duration = 10,
): Promise<Result> {
  // A short warm-up so JIT and pools are settled before the measured run.
  await autocannon({ url, connections, duration: 2, headers });
  return resultOf(await autocannon({ url, connections, duration, headers }));
}

/** The same load against several URLs at once (processes behind a load balancer), the connections split between them. */
export async function loadAll(
  urls: string[],
  headers: Record<string, string> = {},
  connections = 50,
  duration = 10,
): Promise<Result> {
  const each = Math.ceil(connections / urls.length);
  return mergeResults(await Promise.all(urls.map((url) => load(url, headers, each, duration))));
}

/**
 * The floor of the HTTP benchmarks: bench/bare-server.ts, a bare Fastify route (`GET` and `POST /bare`, a small JSON
 * envelope) in its own process like the real server. Returns its base URL and how to stop it.
 */
export async function startBareServer(): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = fork(new URL('./bare-server.ts', import.meta.url), [], {
    env: { ...process.env, PORT: String(port) },
    execArgv: ['--import', 'tsx'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForChild(`${base}/bare`, child);
  return { base, stop: () => stopChild(child) };
}
