// Runs after `npm run build` (the first step of `npm test`): every route's JavaScript, as sent, within its budget.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  checkBudgets,
  formatBudgets,
  kib,
  ROUTE_BUDGETS,
  readManifest,
  routeSize,
  WEB_DIST,
} from './web-budget.ts';

describe('route budgets of the built web app', () => {
  it('keeps every route within its JavaScript budget (bytes as sent, files)', () => {
    const results = checkBudgets();
    const over = results.filter((r) => r.over.length > 0);
    expect(over.length, `routes over budget:\n${formatBudgets(over, true)}`).toBe(0);
    expect(results.map((r) => r.route)).toEqual(ROUTE_BUDGETS.map((b) => b.route));
  });

  it('counts what a route loads: the entry and its imports, the shell texts, the page and its texts', () => {
    const manifest = readManifest();
    const login = routeSize(manifest, WEB_DIST, 'login');
    const home = routeSize(manifest, WEB_DIST, 'home');
    const homeJa = routeSize(manifest, WEB_DIST, 'home', 'ja');
    const names = (r: typeof login) => r.files.map((f) => f.file);
    // Login paints without the home page, in one language, with the shell's texts only.
    expect(names(login).some((f) => /HomePage/.test(f))).toBe(false);
    expect(names(home).some((f) => /HomePage/.test(f))).toBe(true);
    expect(names(login).filter((f) => /\/(en|ja)-[\w-]+\.js$/.test(f))).toEqual([
      expect.stringMatching(/\/en-shell-[\w-]+\.js$/),
    ]);
    expect(
      names(home)
        .filter((f) => /\/en-[\w-]+\.js$/.test(f))
        .sort(),
    ).toEqual([
      expect.stringMatching(/\/en-member-[\w-]+\.js$/),
      expect.stringMatching(/\/en-shell-[\w-]+\.js$/),
    ]);
    expect(names(homeJa).some((f) => /\/ja-member-[\w-]+\.js$/.test(f))).toBe(true);
    expect(names(homeJa).some((f) => /\/en-[\w-]+\.js$/.test(f))).toBe(false);
    // Zod, TanStack Query and the pages' loaders are not in the first paint; every page has them.
    expect(names(login).some((f) => /\/(common|lazy-shell)-[\w-]+\.js$/.test(f))).toBe(false);
    expect(names(home).filter((f) => /\/(common|lazy-shell)-[\w-]+\.js$/.test(f))).toHaveLength(2);
    for (const f of login.files) expect(f.bytes).toBeGreaterThan(0);
  });
});

describe('the budget check', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** A copy of the build's manifest and of the login route's files, with one of them grown by `grow` bytes. */
  function copyOfBuild(grow: number) {
    const dist = mkdtempSync(join(tmpdir(), 'agc-budget-'));
    dirs.push(dist);
    const manifest = readManifest();
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
    const login = routeSize(manifest, WEB_DIST, 'login');
    for (const { file } of login.files) {
      mkdirSync(dirname(join(dist, file)), { recursive: true });
      copyFileSync(join(WEB_DIST, `${file}.br`), join(dist, `${file}.br`));
    }
    // Grown as a bundle grows: the entry gains code that does not compress away.
    const entry = Object.values(manifest).find((c) => c.isEntry);
    if (!entry) throw new Error('no entry');
    const code = readFileSync(join(WEB_DIST, entry.file), 'utf8');
    const noise = Array.from({ length: grow / 8 }, (_, i) => ((i * 2_654_435_761) >>> 0).toString(36)).join(
      ';',
    );
    writeFileSync(join(dist, `${entry.file}.br`), brotliCompressSync(`${code}\nvar grown="${noise}";`));
    return { dist, before: login.bytes };
  }

  it('fails a route whose JavaScript grew past its budget, and passes it when it did not', () => {
    const budget = ROUTE_BUDGETS.filter((b) => b.route === 'login');
    const same = copyOfBuild(0);
    expect(checkBudgets(same.dist, budget)[0]?.over).toEqual([]);

    const grown = copyOfBuild(80 * 1024);
    const [result] = checkBudgets(grown.dist, budget);
    expect(result?.bytes).toBeGreaterThan(grown.before + 20 * 1024);
    expect(result?.over).toHaveLength(1);
    expect(result?.over[0]).toContain(`KiB of JavaScript, budget ${kib(budget[0]?.maxBytes ?? 0)}`);
  });

  it('fails a route that loads more files than its budget allows', () => {
    const { dist } = copyOfBuild(0);
    const [result] = checkBudgets(dist, [{ route: 'login', maxBytes: 10 * 1024 * 1024, maxFiles: 2 }]);
    expect(result?.over).toEqual([expect.stringMatching(/^\d+ JavaScript files, budget 2$/)]);
  });
});
