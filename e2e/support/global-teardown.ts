import { existsSync, readFileSync, rmSync } from 'node:fs';
import { E2E_WORKERS, envFile } from './env.ts';
import { stopServer } from './server.ts';

export default async function globalTeardown(_config?: unknown, servers = E2E_WORKERS) {
  await Promise.all(
    Array.from({ length: servers }, async (_, worker) => {
      const file = envFile(worker);
      if (!existsSync(file)) return;
      await stopServer(JSON.parse(readFileSync(file, 'utf8')));
      rmSync(file, { force: true });
    }),
  );
}
