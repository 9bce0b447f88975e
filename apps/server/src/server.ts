import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { type Jobs, startJobs } from './jobs/index.ts';
import { logSerializers } from './lib/log.ts';
import { findRoot } from './modules/members/index.ts';
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
  const app = await buildApp(runtime.ctx, { logger, serveWeb: true });
  await app.listen({ host: config.host, port: config.port });

  const jobs: Jobs | undefined = config.runJobs ? startJobs(runtime.ctx, logger) : undefined;

  const root = await findRoot(runtime.ctx.db);
  logger.info(`AGCFund Portfolio is running on ${config.publicOrigin}`);
  if (root)
    logger.info(
      `Root invite link: ${config.publicOrigin}/pages/login/index?code=${root.inviteCode}&side=left`,
    );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    await jobs?.stop();
    await app.close();
    await runtime.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
