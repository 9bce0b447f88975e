import { join } from 'node:path';
import { type Jobs, startJobs } from '@server/jobs/index.ts';
import { logSerializers } from '@server/lib/log.ts';
import { collectProcessMetrics, metricsOf } from '@server/lib/metrics.ts';
import { findRoot } from '@server/modules/members/index.ts';
import { markShuttingDown, readiness } from '@server/modules/ops/index.ts';
import pino from 'pino';
import { buildApp, buildOpsApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startRuntime, UnsafeDeploymentError } from './runtime.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const logger = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'headers.authorization', '*.signature', '*.token', '*.message'],
    // No query value and no header but the host in request lines (see lib/log.ts).
    serializers: logSerializers,
  });
  const runtime = await startRuntime(config, logger).catch((e) => {
    if (e instanceof UnsafeDeploymentError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  });
  const { ctx } = runtime;
  collectProcessMetrics(metricsOf(ctx));
  const app = await buildApp(ctx, { logger, serveWeb: true });
  await app.listen({ host: config.host, port: config.port });
  // METRICS_PORT: metrics (no token), health and readiness on an address of their own.
  const metricsPort = config.ops.metrics.port;
  const opsApp = metricsPort === undefined ? undefined : await buildOpsApp(ctx, { logger });
  if (opsApp) await opsApp.listen({ host: config.ops.metrics.host, port: metricsPort });

  const jobs: Jobs | undefined = config.runJobs ? startJobs(ctx, logger) : undefined;

  const root = await findRoot(ctx.db);
  logger.info(`AGCFund Portfolio is running on ${config.publicOrigin}`);
  if (root)
    logger.info(
      `Root invite link: ${config.publicOrigin}/pages/login/index?code=${root.inviteCode}&side=left`,
    );
  const local = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}`;
  const ready = await readiness(ctx, logger);
  logger.info(
    `Health: ${local}/health · Readiness: ${local}/ready (${ready.ready ? 'ready' : `not ready: ${ready.failing.join(', ')}`})`,
  );
  if (opsApp)
    logger.info(`Metrics: http://${config.ops.metrics.host}:${metricsPort}/metrics (no token: METRICS_PORT)`);
  if (ctx.config.ops.metrics.token)
    logger.info(
      `Metrics: ${local}/metrics with Authorization: Bearer ${
        config.ops.metrics.token ? 'METRICS_TOKEN' : `the token in ${join(config.dataDir, 'metrics-token')}`
      }`,
    );

  /**
   * SIGTERM (or SIGINT): readiness turns 503, the listeners stop taking connections and the requests in flight
   * finish (Fastify answers 503 to a new request on a kept-alive connection meanwhile), the jobs finish their
   * current run and give their leases back, then the database and the local chain close. Past
   * SHUTDOWN_TIMEOUT_SECONDS the process exits anyway (status 1).
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight and running jobs');
    markShuttingDown(ctx);
    const timeout = setTimeout(() => {
      logger.error({ timeoutMs: config.ops.shutdownTimeoutMs }, 'shutdown timed out: exiting anyway');
      process.exit(1);
    }, config.ops.shutdownTimeoutMs);
    timeout.unref();
    try {
      const started = Date.now();
      // Connections that fall idle after the listener closed (their last answer said `Connection: close`, but a
      // client may hold one open without asking again) are closed too, so closing never waits for them.
      const reaper = setInterval(() => {
        app.server.closeIdleConnections();
        opsApp?.server.closeIdleConnections();
      }, 250);
      reaper.unref();
      const step = (what: string) => () => logger.info({ ms: Date.now() - started }, `shutdown: ${what}`);
      await Promise.all([
        app.close().then(step('requests answered, listener closed')),
        opsApp?.close(),
        jobs?.stop().then(step('jobs stopped, leases released')),
      ]);
      await runtime.close();
      logger.info('stopped: requests answered, job leases released');
      process.exit(0);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
