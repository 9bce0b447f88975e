// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// One number rule (lib/format.ts over the shared ASSET_DISPLAY): one balance read three ways ("529.7487 USDT",
// "529.748743 USDT"), a payment shown rounded up ("50.2513" for 50.251257), "0 USDT" beside "99,900.00 USDT" and an
// 18-decimal ETH balance, because screens formatted amounts each their own way. Every amount a screen renders goes
// through lib/format.ts; this test fails on a formatting call anywhere else.
describe('the one number rule', () => {
  const src = new URL('./', import.meta.url);
  const files = (readdirSync(src, { recursive: true }) as string[])
    .map((f) => f.replaceAll('\\', '/'))
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !/(^|\/)(test|testing)\//.test(f));
  const read = (f: string) => readFileSync(new URL(f, src), 'utf8');
  const offenders = (pattern: RegExp, only: (f: string) => boolean = () => true) =>
    files.filter((f) => f !== 'lib/format.ts' && only(f) && pattern.test(read(f)));

  it('sees the app: every feature folder, the pages and lib/format.ts', () => {
    expect(files).toContain('lib/format.ts');
    expect(files.filter((f) => f.startsWith('features/')).length).toBeGreaterThan(300);
    expect(files.filter((f) => f.startsWith('app/pages/')).length).toBeGreaterThan(50);
  });

  it('no low-level amount formatter outside lib/format.ts', () => {
    expect(
      offenders(/\b(formatDisplayAmount|formatTreeAmount|formatAssetAmount|formatAssetBound)\b/),
    ).toEqual([]);
  });

  it('no locale-dependent or float formatting of a number anywhere', () => {
    expect(offenders(/\.toLocaleString\(|Intl\.NumberFormat|\.toFixed\(|\.toPrecision\(/)).toEqual([]);
  });

  it("no viem unit formatter (it shows all 18 decimals, ungrouped): the rule's asset decimals instead", () => {
    expect(
      offenders(/import\s*\{[^}]*\b(formatUnits|formatEther|formatGwei)\b[^}]*\}\s*from\s*'viem'/),
    ).toEqual([]);
  });

  it('no component writes a raw decimal (formatAmount is for inputs and sums in model files)', () => {
    expect(offenders(/\bformatAmount\(/, (f) => f.endsWith('.tsx'))).toEqual([]);
  });

  it('no component renders an amount field as it came, nor glues an asset to a number itself', () => {
    const field = String.raw`[\w?.!]+\.(amount|fee|price|balance|total|[a-z]+_(usdt|agc|eth))`;
    // {x.amount} as a child (not a prop: value={form.amount}), or `${x.amount}` inside a template literal
    const raw = new RegExp(String.raw`(?<![=\w])\{${field}\}|\$\{${field}\}`);
    const glued = /\$\{[^}]+\} (USDT|AGC|ETH)\b|\}\s?(USDT|AGC|ETH)\s*</;
    expect(offenders(raw, (f) => f.endsWith('.tsx'))).toEqual([]);
    expect(offenders(glued, (f) => f.endsWith('.tsx') && !f.startsWith('features/tree/'))).toEqual([]);
  });
});
