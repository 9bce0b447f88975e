// Each import boundary of /biome.json (written by scripts/boundaries.mjs) fails on a deliberate breach and lets the
// legal imports through. The breaches are written into a scratch folder with a copy of the configuration (the rule
// looks only at the import text and the importing file's path), so no file of the repo is touched.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { generated, SERVER_LAYERS, tableProblems, WEB_FEATURES } from './boundaries.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const biome = join(root, 'node_modules/.bin/biome');

// [importing file, imported path, the rule's message (a fragment) or null when the import is legal]. The first twelve
// groups are the kinds of breach a review tried; each must fail, in every spelling.
const CASES: [string, string, string | null][] = [
  // 1. A module's internals, by alias.
  [
    'apps/server/src/modules/shop/service.ts',
    '@server/modules/ledger/repository.ts',
    'only through its index.ts',
  ],
  // 2. Another spelling of the same path: relative, out of the module, at any depth.
  ['apps/server/src/modules/shop/service.ts', '../ledger/repository.ts', 'stays inside its own unit'],
  [
    'apps/server/src/modules/shop/payment/x.ts',
    '../../../modules/ledger/internal.ts',
    'stays inside its own unit',
  ],
  ['apps/server/src/modules/shop/a/b/c.ts', '../../../ledger/index.ts', 'stays inside its own unit'],
  // 3. A module of the same or a higher layer.
  ['apps/server/src/modules/shop/service.ts', '@server/modules/withdraw/index.ts', 'lower layer'],
  ['apps/server/src/modules/shop/service.ts', '@server/modules/me/index.ts', 'lower layer'],
  ['apps/server/src/modules/ledger/repository.ts', '@server/modules/team/index.ts', 'lower layer'],
  ['apps/server/src/modules/team/service.ts', '@server/modules/rewards/index.ts', 'lower layer'],
  // 4. A module imports the app's composition.
  ['apps/server/src/modules/shop/service.ts', '@server/app.ts', 'below the app'],
  ['apps/server/src/modules/shop/service.ts', '../../app.ts', 'stays inside its own unit'],
  ['apps/server/src/lib/caches.ts', '@server/runtime.ts', 'below the app'],
  // 5. lib/ or plugins/ import a module.
  ['apps/server/src/lib/caches.ts', '@server/modules/members/index.ts', 'are below every module'],
  ['apps/server/src/plugins/auth.ts', '../modules/auth/index.ts', 'stays inside its own unit'],
  // 6. A feature imports another feature, by alias or relatively.
  [
    'apps/web/src/features/hashrate/yield.ts',
    '@web/features/shop/format.ts',
    'never imports another feature',
  ],
  ['apps/web/src/features/hashrate/components/Item.tsx', '../../shop/components/Card.tsx', 'stays inside'],
  ['apps/web/src/features/shop/api/x/deep.ts', '../../../team/invite.ts', 'stays inside its own unit'],
  // 7. A feature imports app/.
  ['apps/web/src/features/shop/payment/run.ts', '@web/app/router.tsx', 'never imports app/'],
  ['apps/web/src/features/shop/payment/run.ts', '../../../app/router.tsx', 'stays inside its own unit'],
  // 8. Shared web code imports a feature or app/.
  ['apps/web/src/lib/format.ts', '@web/features/shop/components/Card.tsx', 'below the features and app/'],
  ['apps/web/src/components/NavBar.tsx', '@web/app/router.tsx', 'below the features and app/'],
  ['apps/web/src/stores/auth.ts', '../features/auth/logout.ts', 'stays inside its own unit'],
  // 9. The web app imports server source: alias, path or workspace name.
  ['apps/web/src/features/shop/api/x.ts', '@server/modules/shop/index.ts', 'never imports server source'],
  ['apps/web/src/lib/format.ts', '../../../server/src/lib/tokens.ts', 'stays inside its own unit'],
  ['apps/web/src/app/router.tsx', '@agc/server', 'never imports server source'],
  ['apps/web/src/main.tsx', '../../server/src/app.ts', 'stays inside its own unit'],
  ['apps/web/src/main.tsx', '@server/app.ts', 'never imports server source'],
  // 10. Server code imports the web app.
  ['apps/server/src/modules/auth/siwe.ts', '@web/features/auth/x.ts', 'never imports the web app'],
  ['apps/server/test/auth.test.ts', '../../web/src/features/auth/siwe.ts', 'stays inside its own unit'],
  ['apps/server/test/auth.test.ts', '@web/features/auth/siwe.ts', 'never imports the web app'],
  ['apps/server/test/support/x.ts', '../../src/app.ts', null],
  // 11. A package imports an app: path, alias or workspace name.
  ['packages/shared/src/index.ts', '../../../apps/web/src/lib/format.ts', 'Packages are below the apps'],
  ['packages/db/src/x.ts', '@server/lib/tokens.ts', 'Packages are below the apps'],
  ['packages/shared/src/x.ts', '@agc/web', 'Packages are below the apps'],
  ['packages/contracts/test/x.test.ts', '@agc/server', 'Packages are below the apps'],
  // 12. Inside its own unit, by alias (so the same import has one spelling).
  [
    'apps/server/src/modules/shop/service.ts',
    '@server/modules/shop/repository.ts',
    'its own files relatively',
  ],
  ['apps/web/src/features/shop/components/Card.tsx', '@web/features/shop/format.ts', 'its own files'],
  // Legal.
  ['apps/server/src/modules/shop/service.ts', '@server/modules/ledger/index.ts', null],
  ['apps/server/src/modules/shop/service.ts', '@server/modules/rewards/index.ts', null],
  ['apps/server/src/modules/shop/service.ts', '@server/lib/errors.ts', null],
  ['apps/server/src/modules/shop/service.ts', '@server/context.ts', null],
  ['apps/server/src/modules/shop/service.ts', './repository.ts', null],
  ['apps/server/src/modules/shop/payment/x.ts', '../service.ts', null],
  ['apps/server/src/modules/team/service.ts', '@server/modules/members/index.ts', null],
  ['apps/server/src/plugins/auth.ts', '@server/lib/errors.ts', null],
  ['apps/server/src/app.ts', '@server/modules/shop/index.ts', null],
  ['apps/server/test/x.test.ts', '@server/modules/shop/service.ts', null],
  ['apps/web/src/features/shop/payment/run.ts', '../errors.ts', null],
  ['apps/web/src/features/shop/payment/run.ts', '@web/lib/format.ts', null],
  ['apps/web/src/features/shop/components/Card.tsx', '@web/components/StatusTag.tsx', null],
  ['apps/web/src/features/shop/components/Card.tsx', '@agc/shared', null],
  ['apps/web/src/components/NavBar.tsx', '@web/lib/navigation.ts', null],
  ['apps/web/src/lib/wallet/rpc.ts', '../format.ts', null],
  ['apps/web/src/app/pages/Home.tsx', '@web/features/shop/index.ts', null],
  ['packages/db/src/x.ts', '@agc/shared', null],
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
  delete config.extends;
  // The committed file's overrides (what `npm run lint` applies), without its header comment.
  const committed = readFileSync(join(root, 'biome.boundaries.jsonc'), 'utf8');
  config.overrides = JSON.parse(committed.replace(/^\/\/.*$/gm, '')).overrides;
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

describe('the generated file and its tables', () => {
  it('biome.boundaries.jsonc is what the generator writes, and says so at its top', () => {
    const committed = readFileSync(join(root, 'biome.boundaries.jsonc'), 'utf8');
    expect(committed.startsWith('// GENERATED by scripts/boundaries.mjs')).toBe(true);
    expect(committed).toBe(generated());
  });

  it('every module and feature folder of the tree is in its table', () => {
    expect(tableProblems()).toEqual([]);
  });

  it('a module or feature folder missing from its table is a problem (the build fails on it)', () => {
    const tree = mkdtempSync(join(tmpdir(), 'boundaries-tree-'));
    try {
      for (const m of [...SERVER_LAYERS.flat(), 'payouts'])
        mkdirSync(join(tree, 'apps/server/src/modules', m), { recursive: true });
      for (const f of WEB_FEATURES.filter((f) => f !== 'tree'))
        mkdirSync(join(tree, 'apps/web/src/features', f), { recursive: true });
      mkdirSync(join(tree, 'apps/web/src/features/payouts'), { recursive: true });
      const problems = tableProblems(tree);
      expect(problems).toHaveLength(3);
      expect(problems[0]).toContain('module apps/server/src/modules/payouts is missing from SERVER_LAYERS');
      expect(problems[1]).toContain('feature apps/web/src/features/payouts is missing from WEB_FEATURES');
      expect(problems[2]).toContain('lists feature tree, which has no folder');
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
