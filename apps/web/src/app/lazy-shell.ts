// The app's second part: what every lazy page needs beside its own code and the first paint does not, in one load
// (query.ts, router.tsx and tab-bar.ts ask for it; main.tsx as early as the first page will want it): the query
// client, the pages' loaders (each with the list of files its page needs) and the tab bar.
export { TabBar } from '@web/components/TabBar.tsx';
export { PAGES } from './page-loaders.ts';
export { startQueryClient } from './query-client.ts';
