import { OfflineBanner, UpdatePrompt } from '@web/components/AppStatus.tsx';
import { NavBar } from '@web/components/NavBar.tsx';
import { Skeleton } from '@web/components/Skeleton.tsx';
import { navigateBack, openTab } from '@web/lib/navigation.ts';
import { NOT_FOUND_HANDLE, type RouteHandle } from '@web/lib/route-table.ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { LocalReviewHost } from './LocalReviewHost.tsx';
import { useLazyShell } from './load-lazy-shell.ts';
import { useAccountWatcher } from './use-account-watcher.ts';

/** Pages load lazily; a load that takes longer than this shows a progress bar. */
const PENDING_DELAY_MS = 200;

function PendingBar() {
  const navigation = useNavigation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (navigation.state === 'idle') {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), PENDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [navigation.state]);
  const { t } = useTranslation();
  return visible ? (
    <div className="pending-bar" role="progressbar" aria-busy="true" aria-label={t('common.loading')} />
  ) : null;
}

export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return handle ?? NOT_FOUND_HANDLE;
}

const ignore = () => undefined;

export function RootLayout() {
  const handle = useRouteHandle();
  const { t } = useTranslation();
  useAccountWatcher();
  const isTab = handle.tab !== undefined;
  // The tab bar comes with the app's second part, which the router has loaded before a tab page paints.
  const TabBar = useLazyShell(isTab)?.TabBar;
  const title = handle.titleKey ? t(handle.titleKey) : t('app.title');
  return (
    <div id="app" className={isTab ? 'app app--tabs' : 'app'} data-route-name={handle.name}>
      <PendingBar />
      <NavBar
        title={title || t('app.title')}
        onBack={!isTab && handle.back !== false ? () => void navigateBack().catch(ignore) : undefined}
      />
      <main className="app-main">
        <OfflineBanner />
        <UpdatePrompt />
        <Outlet />
      </main>
      {handle.tab !== undefined && TabBar && (
        <TabBar current={handle.tab} onSelect={(path) => openTab(path)} />
      )}
      <LocalReviewHost />
    </div>
  );
}

/** Before the first route is ready: skeleton lines where the page will be (read out as loading). */
export function AppLoading() {
  return (
    <div className="app-loading page">
      <Skeleton rows={4} testId="app-loading" />
    </div>
  );
}
