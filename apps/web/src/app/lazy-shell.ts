// The app's second part: what every lazy page needs beside its own code and the first paint does not, in one load
// (load-lazy-shell.ts; main.tsx asks for it as early as the first page will want it): the query client, started as
// this loads (the session's kept figures restored before any page reads them), the pages' loaders (each with the
// list of files its page needs) and the tab bar.
import { sessionOwner } from './query.ts';
import { startQueryClient } from './query-client.ts';

export { TabBar } from '@web/components/TabBar.tsx';
export { PAGES } from './page-loaders.ts';

export const queryClient = startQueryClient(sessionOwner);
