import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests that need a database: the server's API tests (apps/server/test), the database package, and the few tests
// beside server code that open one (named `*.db.test.ts`). Every other node-side test runs in `unit`, where opening a
// test database fails loudly (see `createTestDb`).
//
// Two projects share them (docs/decisions/0127-database-passes.md):
// - `db`: every database test on the database DATABASE_URL names (PostgreSQL in `npm test`, where concurrency and
//   locking mean something), or on PGlite without it (`npm run test:db`).
// - `embedded`: what is about the embedded database itself and the runtime `npm start` runs on it, always on PGlite:
//   the runtime and its deployment file (they open their own PGlite folder whatever DATABASE_URL says, so they are
//   only here), and the files with a PGlite path of their own (the database client, backup and restore, shutdown).
//   The browser tests run the whole app on PGlite as well.
const DB_TESTS = [
  'apps/server/test/**/*.test.ts',
  'apps/server/src/**/*.db.test.ts',
  'packages/db/src/**/*.test.ts',
];
/** Database tests that start the runtime with PGlite themselves: the same test on either pass, so run once. */
const EMBEDDED_ONLY = [
  'apps/server/test/runtime.test.ts',
  'apps/server/test/deployment-file.test.ts',
  'apps/server/test/openapi.test.ts',
];
/** Database tests with a PGlite path of their own: they run in both projects. */
const EMBEDDED_TOO = [
  'packages/db/src/**/*.test.ts',
  'apps/server/test/backup.test.ts',
  'apps/server/test/shutdown.test.ts',
];

// '@server/…' is apps/server/src/… (tsconfig.base.json's paths); the web project has its own in apps/web/vite.config.ts.
const resolve = {
  alias: [{ find: /^@server\//, replacement: fileURLToPath(new URL('./apps/server/src/', import.meta.url)) }],
};

export default defineConfig({
  test: {
    // Every core (vitest's default leaves one idle: on a 2-core machine that is one worker, and the suite took
    // ~1.5x as long). The tests' own servers, chains and databases already run beside their worker.
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...DB_TESTS, '**/node_modules/**'],
          env: { AGC_TEST_NO_DB: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'embedded',
          environment: 'node',
          include: [...EMBEDDED_ONLY, ...EMBEDDED_TOO],
          env: { DATABASE_URL: '' },
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        resolve,
        test: {
          name: 'db',
          environment: 'node',
          include: DB_TESTS,
          exclude: [...EMBEDDED_ONLY, '**/node_modules/**'],
          // A worker runs its files one after another in one module graph: the server's code is loaded once per
          // worker instead of once per file. Every file still builds its own app over its own fresh database.
          isolate: false,
          // Generous: a file's beforeAll signs members up and may start a chain, and a loaded machine (several
          // checkouts testing at once) slows that several times over. Timings are never what a test checks.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      'apps/web',
    ],
  },
});
