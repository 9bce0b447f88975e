// `npm run dev`: the API with reload on change (tsx --watch) on :3000 and the Vite dev server with hot
// module replacement on :5173, which proxies /api to the API. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const children = [];
const run = (cmd, args, env = {}) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) shutdown(code);
  });
};
const shutdown = (code = 0) => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
};
process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());

// Sign-in messages are bound to the origin the browser is on: the Vite server's.
run(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], {
  PUBLIC_ORIGIN: 'http://localhost:5173',
});
run('npx', ['vite', 'apps/web', '--port', '5173', '--strictPort'], { FORCE_COLOR: '1' });
