import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// The web tests share workers (`isolate: false`: the libraries load once per worker, not once per file), so each file
// starts from fresh app modules: module state (stores, caches, the wallet's nonces, the i18n instance) never carries
// from one file into the next. Libraries under node_modules stay loaded.
vi.resetModules();
/** Vitest's default address of the test DOM. */
const TEST_DOM_URL = 'http://localhost:3000/';
const { Globals } = await import('@react-spring/web');
const { i18n, loadLocale } = await import('@web/lib/i18n/index.ts');
const { installAntdRender } = await import('@web/lib/ui.ts');
const { takeContractViolations } = await import('./api-contract.ts');

installAntdRender();
// The test DOM follows a link that a real browser would only download: a file saved by `saveBlob` (a keystore, a CSV,
// a proof) leaves the shared window at its `blob:` address, whose origin is "null", and the next file's router then
// fails on "Invalid URL". Each file starts at the test DOM's own address, as in a fresh window.
if (typeof window !== 'undefined' && window.location.href !== TEST_DOM_URL)
  (window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM?.setURL(TEST_DOM_URL);
// findBy…/waitFor give up after 5 s instead of 1 s: a busy machine (the type-check and the node tests run beside
// these) can take over a second to render a page; a real failure still fails, later.
configure({ asyncUtilTimeout: 5000 });
// The app loads the active language before its first paint; tests render in English from the start.
await loadLocale('en');
await i18n.changeLanguage('en');
// antd-mobile animates popups with react-spring: in tests they open and close at once, so a closing
// dialog is not still in the page when the next one opens, and no animation frame is left to run
// after a test file's environment is torn down ("window is not defined" from React's scheduler).
Globals.assign({ skipAnimation: true });

afterEach(() => {
  const violations = takeContractViolations();
  if (violations.length > 0)
    throw new Error(`The fake server answered what the API cannot:\n${violations.join('\n')}`);
  if (typeof document === 'undefined') return; // files that run in the node environment
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// React work a file's last test left scheduled (a popup closing after its toast's time, the passive effects of the
// last unmount) runs on timers: let it finish while the file's environment is still there, rather than into a
// torn-down test DOM ("window is not defined" from React's scheduler, reported as an error of the whole run).
afterAll(async () => {
  if (typeof document === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, 50));
});
