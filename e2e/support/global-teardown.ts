import { readEnv } from './env.ts';
import { stopServer } from './server.ts';

export default async function globalTeardown() {
  await stopServer(readEnv());
}
