#!/usr/bin/env node
// `npm test`: every check of the repository, in steps, each timed on its own line. Steps in one stage run at once
// (their output is kept and printed when the step ends, so lines never interleave); a failed step fails the run
// (its lane stops there), with its output. After the build, two lanes keep both cores busy (see LANES).
//   node scripts/test.mjs [step...]      e.g. `node scripts/test.mjs unit database` runs only those steps
// Settings: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the PostgreSQL pass's server, where every
// database test runs; the database step runs the embedded database's own tests on PGlite, and the browser step the
// whole app on PGlite. TEST_PG=skip leaves the PostgreSQL pass out and runs every database test on PGlite instead
// (say so in a review: the concurrency tests only run on PostgreSQL). TEST_STEP_TIMEOUT_MINUTES (default 25) stops a step
// that runs longer, with everything it started, and fails it.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const NODE_OPTIONS = '--import ./scripts/node20-polyfills.mjs';
const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const withoutDb = { DATABASE_URL: '' };
/** The longest a step may run (its usual time is a few minutes on a 2-core machine). */
const STEP_TIMEOUT_MINUTES = Number(process.env.TEST_STEP_TIMEOUT_MINUTES ?? 25);

/** name → [command, env]. The names are what the README and CI print. */
const STEPS = {
  build: ['npm run build', {}],
  lint: ['npm run lint', {}],
  'type-check': ['npm run typecheck', {}],
  unit: ['npx vitest run --project unit --project web', { NODE_OPTIONS, ...withoutDb }],
  // The embedded database and the runtime on it; every other database test runs on PostgreSQL (decision 0127), or
  // here on PGlite when the PostgreSQL pass is skipped.
  database: [
    `npx vitest run --project embedded${process.env.TEST_PG === 'skip' ? ' --project db' : ''}`,
    { NODE_OPTIONS, ...withoutDb },
  ],
  browser: ['npm run test:e2e', withoutDb],
  PostgreSQL: ['npx vitest run --project db', { NODE_OPTIONS, DATABASE_URL: pgUrl }],
};
/**
 * After the build, two lanes run side by side: the browser step (the longest; it needs only the build) starts at once,
 * and beside it lint, type-check and unit together, then the database step, then the PostgreSQL pass. Every step is
 * CPU-bound on a 2-core machine, so the run's time is about the CPU of all steps over the cores: the lanes keep both
 * cores busy to the end instead of waiting on a stage's slowest step.
 */
const FIRST = ['build'];
const LANES = [[['browser']], [['lint', 'type-check', 'unit'], ['database'], ['PostgreSQL']]];

const asked = process.argv.slice(2);
for (const name of asked)
  if (!(name in STEPS)) {
    console.error(`unknown step ${name}; steps: ${Object.keys(STEPS).join(', ')}`);
    process.exit(2);
  }
const wanted = (name) =>
  (asked.length === 0 || asked.includes(name)) && !(name === 'PostgreSQL' && process.env.TEST_PG === 'skip');

const logs = join(root, 'test-results', 'steps');
mkdirSync(logs, { recursive: true });
const started = Date.now();
const secs = (ms) => `${Math.round(ms / 1000)} s`;

/** The steps' process groups now running: stopped with this script (they are not in its group). */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running)
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    process.exit(130);
  });

function run(name) {
  const [command, env] = STEPS[name];
  const file = join(logs, `${name}.log`);
  const out = openSync(file, 'w');
  const begin = Date.now();
  console.log(`== ${name}: ${command} (at ${secs(begin - started)})`);
  return new Promise((resolve) => {
    const child = spawn(command, {
      cwd: root,
      shell: true,
      stdio: ['ignore', out, out],
      env: { ...process.env, ...env },
      // Its own process group, so a step that overruns is stopped with everything it started.
      detached: true,
    });
    running.add(child);
    // A step that hangs (a test's child process left running keeps its runner waiting) fails the run in minutes, not
    // at CI's limit.
    const overrun = setTimeout(() => {
      appendFileSync(
        file,
        `\n== ${name}: stopped after ${STEP_TIMEOUT_MINUTES} minutes (TEST_STEP_TIMEOUT_MINUTES)\n`,
      );
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, STEP_TIMEOUT_MINUTES * 60_000);
    child.on('exit', (code, signal) => {
      clearTimeout(overrun);
      running.delete(child);
      const ok = code === 0;
      const log = readFileSync(file, 'utf8');
      // The passing steps print their summary lines only; a failing one prints its whole output.
      const summary = ok
        ? log
            .split('\n')
            .filter((l) =>
              /^\s*(Test Files|Tests|Duration)\s|\d+ (passed|skipped|failed)|Checked \d+ files/.test(l),
            )
            .join('\n')
        : log;
      if (summary) console.log(stripColours(summary));
      console.log(
        `== ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${secs(Date.now() - begin)} (log: ${file})`,
      );
      resolve(ok);
    });
  });
}

/** Removes terminal colour codes (ESC [ … m) from a log. */
function stripColours(text) {
  const esc = String.fromCharCode(27);
  return text
    .split(esc)
    .map((part, i) => (i === 0 ? part : part.replace(/^\[[0-9;]*m/, '')))
    .join('');
}

/** Runs a lane's stages in order (each stage's steps at once); false at the first stage with a failed step. */
async function runLane(stages) {
  for (const stage of stages) {
    const steps = stage.filter(wanted);
    if (steps.length === 0) continue;
    const results = await Promise.all(steps.map(run));
    if (results.includes(false)) return false;
  }
  return true;
}

let failed = !(await runLane([FIRST]));
if (!failed) failed = (await Promise.all(LANES.map(runLane))).includes(false);
console.log(`== all steps: ${failed ? 'FAILED' : 'passed'} in ${secs(Date.now() - started)}`);
process.exit(failed ? 1 : 0);
