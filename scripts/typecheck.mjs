#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, each with its own tsconfig (browser types only
// in the web app's, Node types outside it; the web app's tests run in Node and have both), as many at once as the
// machine has cores. Exits non-zero if any project has an error.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export const PROJECTS = [
  'apps/web/tsconfig.json',
  'apps/server/tsconfig.json',
  'apps/web/tsconfig.test.json',
  'packages/shared/tsconfig.json',
  'packages/shared/scripts/tsconfig.json',
  'packages/db/tsconfig.json',
  'packages/contracts/tsconfig.json',
  'e2e/tsconfig.json',
  'bench/tsconfig.json',
  'scripts/tsconfig.json',
];

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const queue = [...PROJECTS];
let failed = 0;

async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const begin = Date.now();
    const out = [];
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit'], { cwd: root });
      child.stdout.on('data', (d) => out.push(d));
      child.stderr.on('data', (d) => out.push(d));
      child.on('exit', resolve);
    });
    const line = `${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${((Date.now() - begin) / 1000).toFixed(1)} s)\n`;
    // One write per project, so two projects' lines never interleave.
    process.stdout.write(code === 0 ? line : `${line}${Buffer.concat(out)}`);
    if (code !== 0) failed++;
  }
}
await Promise.all(Array.from({ length: availableParallelism() }, worker));
process.exit(failed ? 1 : 0);
