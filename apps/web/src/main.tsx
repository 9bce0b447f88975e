import 'antd-mobile/es/global';
import './styles.css';
import { promptLocalPassword } from '@web/app/LocalUnlockPrompt.tsx';
import { AppProviders } from '@web/app/providers.tsx';
import { queryClient } from '@web/app/query-client.ts';
import { createAppRouter } from '@web/app/router.tsx';
import { initLanguage, loadEnglishRest } from '@web/lib/i18n/index.ts';
import { onSessionCleared } from '@web/lib/session.ts';
import { installAntdRender } from '@web/lib/ui.ts';
import { requestProviders } from '@web/lib/wallet/discovery.ts';
import { installLocalWallet, setLocalUnlockPrompt } from '@web/lib/wallet/local-provider.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

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
