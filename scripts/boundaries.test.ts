// Each import boundary of /biome.json (written by scripts/boundaries.mjs) fails on a deliberate breach and lets the
// legal imports through. The breaches are written into a scratch folder with a copy of the configuration (the rule
// looks only at the import text and the importing file's path), so no file of the repo is touched.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const biome = join(root, 'node_modules/.bin/biome');

// [importing file, imported path, the rule's message (a fragment) or null when the import is legal]
const CASES: [string, string, string | null][] = [
  ['apps/server/src/modules/shop/service.ts', '../ledger/repository.ts', 'only through its index.ts'],
  ['apps/server/src/modules/shop/service.ts', '../ledger/index.ts', null],
  ['apps/server/src/modules/shop/service.ts', '../rewards/index.ts', null],
  ['apps/server/src/modules/shop/service.ts', '../../lib/errors.ts', null],
  ['apps/server/src/modules/shop/service.ts', './repository.ts', null],
  ['apps/server/src/modules/shop/service.ts', '../withdraw/index.ts', 'lower layer'],
  ['apps/server/src/modules/shop/service.ts', '../me/index.ts', 'lower layer'],
  ['apps/server/src/modules/ledger/repository.ts', '../audit/index.ts', 'lower layer'],
  ['apps/server/src/modules/ledger/repository.ts', '../team/index.ts', 'lower layer'],
  ['apps/server/src/modules/team/service.ts', '../rewards/index.ts', 'lower layer'],
  ['apps/server/src/modules/team/service.ts', '../members/index.ts', null],
  ['apps/server/src/modules/me/service.ts', '../auth/index.ts', 'lower layer'],
  ['apps/server/src/lib/caches.ts', '../modules/members/index.ts', 'are below every module'],
  ['apps/server/src/plugins/auth.ts', '../modules/auth/index.ts', 'are below every module'],
  ['apps/server/src/plugins/auth.ts', '../lib/errors.ts', null],
  ['apps/web/src/features/hashrate/yield.ts', '../shop/format.ts', 'never imports another feature'],
  [
    'apps/web/src/features/hashrate/components/Item.tsx',
    '../../shop/components/ProductCard.tsx',
    'never imports another feature',
  ],
  [
    'apps/web/src/features/shop/payment/run-payment.ts',
    '../../team/invite.ts',
    'never imports another feature',
  ],
  [
    'apps/web/src/features/shop/payment/run-payment.ts',
    '../../../features/team/invite.ts',
    'never imports another feature',
  ],
  ['apps/web/src/features/shop/api/x/deep.ts', '../../../team/invite.ts', 'never imports another feature'],
  ['apps/web/src/features/shop/payment/run-payment.ts', '../errors.ts', null],
  ['apps/web/src/features/shop/payment/run-payment.ts', '../../../lib/format.ts', null],
  ['apps/web/src/features/shop/components/ProductCard.tsx', '../../../components/StatusTag.tsx', null],
  [
    'apps/web/src/lib/format.ts',
    '../features/shop/components/ProductCard.tsx',
    'below the features and app/',
  ],
  ['apps/web/src/lib/wallet/rpc.ts', '../../features/shop/x.ts', 'below the features and app/'],
  ['apps/web/src/components/NavBar.tsx', '../app/router.tsx', 'below the features and app/'],
  ['apps/web/src/stores/auth.ts', '../features/auth/logout.ts', 'below the features and app/'],
  ['apps/web/src/components/NavBar.tsx', '../lib/navigation.ts', null],
  ['packages/shared/src/index.ts', '../../../apps/web/src/lib/format.ts', 'Packages are below the apps'],
];

const scratch = mkdtempSync(join(tmpdir(), 'boundaries-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

function lint(): Diagnostic[] {
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  config.files = { includes: ['**'] };
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
  CASES.forEach(([file, imported], i) => {
    // One file per case, beside the importing file's path (same folder, so the same overrides apply).
    const path = join(scratch, dirname(file), `case${i}.${file.endsWith('.tsx') ? 'tsx' : 'ts'}`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import { x } from '${imported}';\n\nexport const y = x;\n`);
  });
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--reporter=json', '--only=style/noRestrictedImports', '.'], {
      cwd: scratch,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      // The test runner's NODE_OPTIONS name a file relative to the repo; biome's launcher runs elsewhere.
      env: { ...process.env, NODE_OPTIONS: '' },
    });
  } catch (error) {
    out = (error as { stdout: string; stderr: string }).stdout; // exit 1 when something is restricted
    if (!out) throw new Error(`biome: ${(error as { stderr: string }).stderr}`);
  }
  return (JSON.parse(out) as { diagnostics: Diagnostic[] }).diagnostics;
}

describe('import boundaries (biome.json overrides)', () => {
  const diagnostics = lint();
  it.each(CASES.map((c, i) => [i, ...c] as const))(
    'case %i: %s imports %s',
    (i, file, _imported, expected) => {
      const path = join(dirname(file), `case${i}.${file.endsWith('.tsx') ? 'tsx' : 'ts'}`);
      const found = diagnostics.filter((d) => d.location.path === path);
      if (expected === null) expect(found).toEqual([]);
      else {
        expect(found).toHaveLength(1);
        expect(found[0]?.message).toContain(expected);
      }
    },
  );
});
