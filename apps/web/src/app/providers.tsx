import { QueryClientContext } from '@tanstack/react-query';
import { antdLocaleFor } from '@web/lib/i18n/antd-locale.ts';
import { isLocale } from '@web/lib/i18n/languages.ts';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadedQueryClient } from './query.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  // Re-renders on language change; the antd-mobile locale was loaded before the switch.
  const { i18n } = useTranslation();
  const locale = antdLocaleFor(isLocale(i18n.language) ? i18n.language : 'en');
  // The query client once it has loaded (app/query.ts): the same element before and after, so nothing remounts.
  const client = useLoadedQueryClient();
  return (
    <QueryClientContext.Provider value={client}>
      <ConfigProvider locale={locale}>{children}</ConfigProvider>
    </QueryClientContext.Provider>
  );
}
