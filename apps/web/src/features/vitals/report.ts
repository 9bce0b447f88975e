// Real-user Core Web Vitals (web-vitals 6): LCP, INP and CLS of a sampled share of page loads, sent once per page
// view to POST /vitals when the page is hidden, under the route the page loaded on. Loaded after the first paint.
import { postVitals } from './api/post-vitals.ts';
import { pageViewBody, type Reported, sampled } from './model/page-view.ts';

export async function reportVitals(rate: number, route: () => string): Promise<boolean> {
  if (!sampled(rate)) return false;
  const { onCLS, onINP, onLCP } = await import('web-vitals');
  const latest = new Map<string, Reported>();
  const keep = (m: Reported) => latest.set(m.name, { name: m.name, value: m.value });
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  let sent = false;
  // After web-vitals' own listeners (registered above), which report the final values on this same event.
  const flush = () => {
    if (sent || document.visibilityState !== 'hidden') return;
    const body = pageViewBody(route(), [...latest.values()]);
    if (!body) return;
    sent = true;
    postVitals(body);
  };
  document.addEventListener('visibilitychange', flush);
  window.addEventListener('pagehide', flush);
  return true;
}
