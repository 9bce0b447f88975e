import 'antd-mobile/es/global';
import './styles.css';
import { promptLocalPassword } from '@web/app/LocalUnlockPrompt.tsx';
import { AppProviders } from '@web/app/providers.tsx';
import { queryClient } from '@web/app/query-client.ts';
import { forgetQueries, persistQueries, restoreQueries } from '@web/app/query-persist.ts';
import { createAppRouter } from '@web/app/router.tsx';
import { initLanguage } from '@web/lib/i18n/index.ts';
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
import { useWalletStore } from '@web/stores/wallet.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

installAntdRender(); // before any Toast/Modal (React 19)
requestProviders(); // collect EIP-6963 announcements from the start
installLocalWallet();
setLocalUnlockPrompt(promptLocalPassword);
setLocalReviewPrompt(requestLocalReview); // every transaction the local wallet signs for the app is reviewed first
onSessionCleared(() => {
  queryClient.clear();
  forgetQueries();
});
// The session's wallet, while one is signed in: the kept figures are its own.
const sessionOwner = () => (isLoggedIn() ? (useWalletStore.getState().address ?? null) : null);
restoreQueries(queryClient, sessionOwner()); // the last known figures paint first (marked as refreshing)
persistQueries(queryClient, sessionOwner);

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

// The service worker after the first paint: it precaches the app for the next visit and for offline use.
if (import.meta.env.PROD)
  void import('@web/app/pwa-register.ts').then((m) => m.registerServiceWorker()).catch(() => undefined);
// Real-user Core Web Vitals of a sampled share of page loads (features/vitals), after the first paint too.
void import('@web/app/vitals.ts').then((m) => m.startVitals(router)).catch(() => undefined);
