import 'antd-mobile/es/global';
import './styles.css';
import { loadLazyShell } from '@web/app/load-lazy-shell.ts';
import { AppProviders } from '@web/app/providers.tsx';
import { forgetQueries } from '@web/app/query.ts';
import { createAppRouter } from '@web/app/router.tsx';
import { initLanguage } from '@web/lib/i18n/index.ts';
import { paths } from '@web/lib/paths.ts';
import { onSessionCleared } from '@web/lib/session.ts';
import { installAntdRender } from '@web/lib/ui.ts';
import { requestProviders } from '@web/lib/wallet/discovery.ts';
import {
  installLocalWallet,
  setLocalReviewPrompt,
  setLocalUnlockPrompt,
} from '@web/lib/wallet/local-provider.ts';
import { requestLocalReview } from '@web/lib/wallet/local-review-store.ts';
import { isLoggedIn } from '@web/stores/auth.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

installAntdRender(); // before any Toast/Modal (React 19)
requestProviders(); // collect EIP-6963 announcements from the start
installLocalWallet();
// The local wallet's password prompt loads when the wallet first needs it.
setLocalUnlockPrompt(() => import('@web/app/LocalUnlockPrompt.tsx').then((m) => m.promptLocalPassword()));
setLocalReviewPrompt(requestLocalReview); // every transaction the local wallet signs for the app is reviewed first
onSessionCleared(forgetQueries); // the query cache and the kept figures go with the session

// A member signed in, or a link to another page than login, opens a lazy page: the loaders of the pages (and the query
// cache, which every page reads) come beside the language, not after it. A visitor's login page paints without them.
const visitorPaths: readonly string[] = [paths.home, paths.login];
const lazyFirst = isLoggedIn() || !visitorPaths.includes(window.location.pathname);
const loadLazyPages = () => loadLazyShell().catch(() => undefined);
if (lazyFirst) void loadLazyPages();

await initLanguage(); // the stored language (and only it) is loaded before the first paint

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// Else right after (the query cache restores the session's last known figures before a page paints: app/query.ts).
if (!lazyFirst) void loadLazyPages();
// The service worker after the first paint: it precaches the app for the next visit and for offline use.
if (import.meta.env.PROD)
  void import('@web/app/pwa-register.ts').then((m) => m.registerServiceWorker()).catch(() => undefined);
// Real-user Core Web Vitals of a sampled share of page loads (features/vitals), after the first paint too.
void import('@web/app/vitals.ts').then((m) => m.startVitals(router)).catch(() => undefined);
