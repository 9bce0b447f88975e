import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { E2E_WORKERS, envFile } from './env.ts';
import { startServer } from './server.ts';

/**
 * Starts one server per Playwright worker (see server.ts), at once, and hands each worker its addresses through
 * a file. `settings` adds server settings (the screenshots script asks for a low two-approver threshold);
 * `servers` overrides how many (the screenshot tour needs one).
 */
export default async function globalSetup(
  _config?: unknown,
  settings: Record<string, string> = {},
  servers = E2E_WORKERS,
) {
  const envs = await Promise.all(Array.from({ length: servers }, () => startServer(settings)));
  envs.forEach((env, worker) => {
    mkdirSync(dirname(envFile(worker)), { recursive: true });
    writeFileSync(envFile(worker), JSON.stringify(env));
  });
  process.env.E2E_BASE_URL = envs[0]?.baseURL;
}
