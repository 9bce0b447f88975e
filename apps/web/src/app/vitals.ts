// Starts the real-user vitals after the first paint: the share to sample comes from /config (VITALS_SAMPLE_RATE),
// the route is the one the page loaded on (its first navigation settled: a redirect to login counts as login).
import { configQueryOptions } from '@web/features/config/api/get-config.ts';
import { reportVitals } from '@web/features/vitals/report.ts';
import type { RouteHandle } from '@web/lib/route-table.ts';
import { loadQueryClient } from './query.ts';
import type { createAppRouter } from './router.tsx';

type AppRouter = ReturnType<typeof createAppRouter>;

const routeName = (router: AppRouter) =>
  (router.state.matches.at(-1)?.route.handle as RouteHandle | undefined)?.name ?? 'unknown';

export async function startVitals(router: AppRouter): Promise<void> {
  let loadedOn = routeName(router);
  if (router.state.navigation.state !== 'idle')
    await new Promise<void>((resolve) => {
      const stop = router.subscribe((state) => {
        if (state.navigation.state !== 'idle') return;
        stop();
        resolve();
      });
    });
  loadedOn = routeName(router);
  const config = await (await loadQueryClient()).fetchQuery(configQueryOptions);
  await reportVitals(config.vitals_sample_rate, () => loadedOn);
}
