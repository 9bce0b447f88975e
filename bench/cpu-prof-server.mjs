// The built server with V8 CPU profiles of chosen moments (Node 20 refuses --cpu-prof in NODE_OPTIONS, and
// startBuiltServer spawns `node <file>`): run a benchmark with BUILT_SERVER_JS=bench/cpu-prof-server.mjs,
// CPU_PROF_DIR=<folder> and CPU_PROF_SERVER=<its server.js> (default apps/server/dist/server.js), both passed to the
// server's environment by the benchmark (bench/launchpad-http.ts). Each SIGUSR2 toggles the profiler: the first
// starts it, the next writes server-<pid>-<n>.cpuprofile, and so on.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = process.env.CPU_PROF_DIR ?? '.';
const server = process.env.CPU_PROF_SERVER
  ? resolve(process.env.CPU_PROF_SERVER)
  : fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));
const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 100 });
let running = false;
let n = 0;
process.on('SIGUSR2', () => {
  if (!running) {
    session.post('Profiler.start');
    running = true;
    return;
  }
  running = false;
  session.post('Profiler.stop', (err, res) => {
    if (!err)
      writeFileSync(join(dir, `server-${process.pid}-${++n}.cpuprofile`), JSON.stringify(res.profile));
  });
});
await import(pathToFileURL(server).href);
