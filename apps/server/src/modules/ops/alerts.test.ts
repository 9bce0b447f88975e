import { readFileSync } from 'node:fs';
import { createMetrics } from '@server/lib/metrics.ts';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The sample alerting rules (ops/alerts.yml) in Prometheus' rule-file shape, checked without promtool: the YAML
 * parses, every rule has what Prometheus requires and what an on-call person needs, every expression's brackets
 * and quotes balance, and every `agc_` series and label it names is one the server exposes (so a renamed metric
 * fails here instead of silently never alerting).
 */
const file = new URL('../../../../../ops/alerts.yml', import.meta.url);

interface Rule {
  alert?: string;
  expr?: unknown;
  for?: unknown;
  labels?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

const doc = parse(readFileSync(file, 'utf8')) as { groups?: Array<{ name?: unknown; rules?: Rule[] }> };
const rules = (doc.groups ?? []).flatMap((g) => g.rules ?? []);

/** The server's series: name → label names (histograms also as _count, _sum and _bucket with `le`). */
function exposedSeries(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const metric of Object.values(createMetrics())) {
    const m = metric as { name?: unknown; labelNames?: string[]; buckets?: unknown };
    if (typeof m.name !== 'string') continue;
    const labels = m.labelNames ?? [];
    out.set(m.name, labels);
    if (m.buckets) {
      out.set(`${m.name}_count`, labels);
      out.set(`${m.name}_sum`, labels);
      out.set(`${m.name}_bucket`, [...labels, 'le']);
    }
  }
  return out;
}

function balanced(expr: string): boolean {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  let quoted = false;
  for (const ch of expr) {
    if (ch === '"') quoted = !quoted;
    if (quoted) continue;
    if ('([{'.includes(ch)) stack.push(ch);
    else if (ch in pairs && stack.pop() !== pairs[ch]) return false;
  }
  return stack.length === 0 && !quoted;
}

describe('ops/alerts.yml', () => {
  it('is a Prometheus rule file: named groups of rules with alert, expr, for, severity and texts', () => {
    expect(doc.groups?.length).toBeGreaterThan(0);
    for (const g of doc.groups ?? []) {
      expect(typeof g.name).toBe('string');
      expect(g.rules?.length).toBeGreaterThan(0);
    }
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
    for (const r of rules) {
      expect(r.alert, JSON.stringify(r)).toMatch(/^[A-Z][A-Za-z0-9]+$/);
      expect(typeof r.expr, r.alert).toBe('string');
      expect(String(r.for), r.alert).toMatch(/^\d+[smhd]$/);
      expect(['critical', 'warning', 'info'], r.alert).toContain(r.labels?.severity);
      expect(String(r.annotations?.summary ?? '').length, r.alert).toBeGreaterThan(10);
      expect(String(r.annotations?.description ?? '').length, r.alert).toBeGreaterThan(10);
      expect(balanced(String(r.expr)), `${r.alert}: ${r.expr}`).toBe(true);
      // Only keys Prometheus knows (a typo such as `annotation:` would be refused at load).
      for (const key of Object.keys(r))
        expect(['alert', 'expr', 'for', 'labels', 'annotations', 'keep_firing_for']).toContain(key);
    }
  });

  it('covers what must wake someone: watcher stalled, coverage below 100 %, price paused, job failing', () => {
    const by = (name: string) => rules.find((r) => r.alert === name);
    expect(by('ChainWatcherStalled')?.expr).toMatch(/agc_chain_watcher_lag_seconds/);
    expect(by('SolvencyCoverage72hBelow100')?.expr).toMatch(
      /agc_solvency_coverage_ratio\{horizon="72h"\}\) < 1$/,
    );
    expect(by('SolvencyCoverageBelow100')?.expr).toMatch(
      /agc_solvency_coverage_ratio\{horizon="all"\}\) < 1$/,
    );
    expect(by('PricePaused')?.expr).toMatch(/agc_price_paused\) == 1$/);
    expect(by('JobFailing')?.expr).toMatch(/agc_job_consecutive_failures/);
  });

  it('names only series and labels the server exposes', () => {
    const series = exposedSeries();
    const used = new Set<string>();
    for (const r of rules) {
      const expr = String(r.expr);
      for (const [, name, selector = ''] of expr.matchAll(/\b(agc_\w+)(?:\{([^}]*)\})?/g)) {
        if (!name) continue;
        used.add(name);
        expect(series.has(name), `${r.alert}: ${name} is not a metric of lib/metrics.ts`).toBe(true);
        for (const [, label] of selector.matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g))
          expect(series.get(name), `${r.alert}: ${name} has no label ${label}`).toContain(label);
      }
      // `by (…)` groups by labels the aggregated series carry.
      for (const [, labels = ''] of expr.matchAll(/\bby \(([^)]*)\)\s*\(\s*[\w(]*?(agc_\w+)/g))
        for (const label of labels.split(',').map((l) => l.trim())) {
          const name = /(agc_\w+)/.exec(expr.slice(expr.indexOf(labels)))?.[1] ?? '';
          expect(series.get(name), `${r.alert}: ${name} has no label ${label}`).toContain(label);
        }
    }
    expect(used.size).toBeGreaterThanOrEqual(10);
  });
});
