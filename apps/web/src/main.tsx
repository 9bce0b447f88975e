import 'antd-mobile/es/global';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { promptLocalPassword } from './app/LocalUnlockPrompt.tsx';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { initLanguage, loadEnglishRest } from './lib/i18n/index.ts';
import { onSessionCleared } from './lib/session.ts';
import { installAntdRender } from './lib/ui.ts';
import { requestProviders } from './lib/wallet/discovery.ts';
import { installLocalWallet, setLocalUnlockPrompt } from './lib/wallet/local-provider.ts';

installAntdRender(); // before any Toast/Modal (React 19)
requestProviders(); // collect EIP-6963 announcements from the start
installLocalWallet();
setLocalUnlockPrompt(promptLocalPassword);
onSessionCleared(() => queryClient.clear());

await initLanguage(); // the stored language is loaded before the first paint
// The English sections only lazy pages read come after the first paint, in a chunk of their own.
void loadEnglishRest().catch(() => undefined);

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
