// @vitest-environment node
// The web app's shape, as its README states it: pages (and the router) stay thin, and every route path is written
// once, in lib/paths.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('..', import.meta.url));
const isTest = (p: string) => /\.test\.tsx?$|\.testing\.tsx?$|\/testing\/|^test\//.test(p);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}
const files = sources(src)
  .map((path) => ({ path, rel: relative(src, path) }))
  .filter((f) => !isTest(f.rel));

describe('the web app keeps its shape', () => {
  it('every page and the router are at most 150 lines', () => {
    const long = files
      .filter((f) => f.rel.startsWith('app/') && f.rel.endsWith('.tsx'))
      .map((f) => ({ file: f.rel, lines: readFileSync(f.path, 'utf8').trimEnd().split('\n').length }))
      .filter((f) => f.lines > 150);
    expect(long).toEqual([]);
  });

  it("no route path ('/pages/…') is written outside lib/paths.ts", () => {
    const literal = /['"`]\/pages\//;
    const outside = files
      .filter((f) => f.rel !== 'lib/paths.ts' && literal.test(readFileSync(f.path, 'utf8')))
      .map((f) => f.rel);
    expect(outside).toEqual([]);
  });
});
