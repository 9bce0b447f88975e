import { writeFileSync } from 'node:fs';
import { envFile } from './env.ts';
import { startServer } from './server.ts';

/**
 * Starts the server every spec shares (see server.ts) and hands its addresses to the tests through a file.
 * `settings` adds server settings (the screenshots script asks for a low two-approver threshold).
 */
export default async function globalSetup(_config?: unknown, settings: Record<string, string> = {}) {
  const env = await startServer(settings);
  writeFileSync(envFile, JSON.stringify(env));
  process.env.E2E_BASE_URL = env.baseURL;
}
