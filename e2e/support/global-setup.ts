import { writeFileSync } from 'node:fs';
import { envFile } from './env.ts';
import { startServer } from './server.ts';

/** Starts the server every spec shares (see server.ts) and hands its addresses to the tests through a file. */
export default async function globalSetup() {
  const env = await startServer();
  writeFileSync(envFile, JSON.stringify(env));
  process.env.E2E_BASE_URL = env.baseURL;
}
