import type { VitalsBody } from '@agc/shared';
import { API_BASE } from '@web/lib/request.ts';

/**
 * POST /vitals as the page is hidden (the last moment the metrics are final): a `keepalive` fetch, which outlives
 * the page, with no session and no language (the report is anonymous). Not through `request()`: nothing is shown
 * to the member whatever the answer, and a toast on a page being left would make no sense.
 */
export function postVitals(body: VitalsBody): void {
  void fetch(`${API_BASE}/vitals`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}
