import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// `npm run typecheck` trusts the native checker (tsgo) with every project: it must read the repository's base
// settings (strict, noUncheckedIndexedAccess) and fail on an error, not only pass on clean code.
const root = fileURLToPath(new URL('..', import.meta.url));
mkdirSync(join(root, 'test-results'), { recursive: true });
const dir = mkdtempSync(join(root, 'test-results', 'typecheck-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function check(source: string) {
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../tsconfig.base.json',
      compilerOptions: { types: [] },
      include: ['*.ts'],
    }),
  );
  writeFileSync(join(dir, 'probe.ts'), source);
  const tsgo = join(root, 'node_modules/@typescript/native-preview/bin/tsgo');
  const r = spawnSync(process.execPath, [tsgo, '-p', join(dir, 'tsconfig.json'), '--noEmit'], {
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the native type-check', () => {
  it('passes clean code', () => {
    const r = check('export const total = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);\n');
    expect(r.out).toBe('');
    expect(r.status).toBe(0);
  });

  it('fails on an indexed read used as defined (noUncheckedIndexedAccess) and on a wrong type (strict)', () => {
    const r = check(
      'export const first = (xs: number[]): number => xs[0];\nexport const n: number = null;\n',
    );
    expect(r.status).not.toBe(0);
    expect(r.out).toContain("probe.ts(1,48): error TS2322: Type 'number | undefined' is not assignable");
    expect(r.out).toContain("probe.ts(2,14): error TS2322: Type 'null' is not assignable to type 'number'");
  });
});
