#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, each with its own tsconfig (browser types only
// in the web app's, Node types outside it; the web app's tests run in Node and have both), as many at once as the
// machine has cores. Exits non-zero if any project has an error.
// The checker is TypeScript's native compiler (`tsgo`, @typescript/native-preview, pinned): the same type system
// as `tsc` 5.9 (editors and `tsc` still work) at about a tenth of the time (docs/decisions/0126-native-type-check.md).
// TYPECHECK_WITH=tsc runs the JavaScript compiler instead, to compare the two.
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
const CHECKERS = {
  tsgo: '../node_modules/@typescript/native-preview/bin/tsgo',
  tsc: '../node_modules/typescript/bin/tsc',
};
const checker = process.env.TYPECHECK_WITH ?? 'tsgo';
if (!(checker in CHECKERS)) {
  console.error(`TYPECHECK_WITH must be one of ${Object.keys(CHECKERS).join(', ')}`);
  process.exit(2);
}
const compiler = fileURLToPath(new URL(CHECKERS[checker], import.meta.url));
const queue = [...PROJECTS];
let failed = 0;

async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const begin = Date.now();
    const out = [];
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, [compiler, '-p', project, '--noEmit'], { cwd: root });
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
