import { rmSync } from 'node:fs';
import pg from 'pg';
import { readEnv } from './env.ts';

export default async function globalTeardown() {
  const env = readEnv();
  try {
    process.kill(env.serverPid, 'SIGTERM');
  } catch {
    // already gone
  }
  // Give the server its graceful close (database and anvil) before removing its folder.
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
