import type { App } from '@server/app.ts';

/** Reading Prometheus text (GET /metrics) in tests: one sample by metric name and labels. */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Every sample line of a scrape (comments and blank lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    const [, name, labelText = '', text] = m ?? [];
    if (!name || !text) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, k, v] of labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) if (k) labels[k] = v ?? '';
    const value =
      text === '+Inf' ? Number.POSITIVE_INFINITY : text === '-Inf' ? Number.NEGATIVE_INFINITY : Number(text);
    out.push({ name, labels, value });
  }
  return out;
}

/** The value of the one sample with this name and (at least) these labels; undefined when there is none. */
export function sampleOf(
  samples: Sample[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const found = samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  if (found.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${found.length} samples`);
  return found[0]?.value;
}

/** One scrape of GET /metrics on the app's port with the bearer token, parsed; throws unless it answers 200. */
export async function scrapeMetrics(app: App, token: string): Promise<Sample[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`GET /metrics: ${res.statusCode} ${res.body}`);
  return parseMetrics(res.body);
}
