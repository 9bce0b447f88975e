import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace: node-side packages share a project, the web app brings its own
// (jsdom, React plugin). The PostgreSQL run is the same suite with DATABASE_URL set.
export default defineConfig({
  test: {
    // Every core (vitest's default leaves one idle: on a 2-core machine that is one worker, and the suite took
    // ~1.5x as long). The tests' own servers, chains and databases already run beside their worker.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/server/test/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web',
    ],
  },
});
