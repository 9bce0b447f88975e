import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS } from './support/env.ts';

/**
 * Debian's Chromium headless shell (`apt-get install chromium-headless-shell`): the same engine without the browser's
 * window layer, the build Playwright itself runs headless tests in. About 40 % less CPU than the full browser for the
 * same specs (decision 0168). The full browser where the shell is not installed; `CHROMIUM_PATH` picks either.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Debian's Chromium (never a downloaded browser), a phone viewport, E2E_WORKERS workers (default 2): global-setup
// starts one server, chain and database per worker, so a spec shares them only with the specs of its own worker.
export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: E2E_WORKERS,
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
    // The app's service worker precaches the whole build in every new context: the specs about it
    // (tests/pwa.spec.ts) allow it; the others leave it out, so each test's requests are its own.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
