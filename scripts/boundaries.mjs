// Writes the import-boundary overrides of /biome.json from one table: the layers of the server's modules and the
// web app's folders (apps/server/README.md, apps/web/README.md). Run `node scripts/boundaries.mjs` after adding a module or a
// layer; `npm run lint` then fails on any import that crosses a boundary the wrong way.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Server modules by layer: a module imports only modules of a lower layer, and only their index.ts. */
export const SERVER_LAYERS = [
  ['rules', 'pricing', 'ledger', 'audit', 'chain', 'members', 'config', 'testing'],
  ['team', 'rewards'],
  ['shop', 'withdraw', 'funds', 'earn', 'launchpad', 'exchange'],
  ['me', 'auth', 'analytics', 'roles', 'solvency', 'incidents'],
  ['proofs'],
  ['ops'],
];

const rule = (patterns) => ({
  linter: { rules: { style: { noRestrictedImports: { level: 'error', options: { patterns } } } } },
});

const overrides = [];

// Server: a module imports another only through its index.ts, and only a module of a lower layer. (One override
// per module: when several overrides match a file, the last one's options replace the others'.)
const INDEX_ONLY = {
  group: ['../*/**', '!../*/index.ts', '!../../**'],
  message: 'Import another module only through its index.ts (its public names), never its internals.',
};
SERVER_LAYERS.forEach((layer, i) => {
  const higherOrSame = SERVER_LAYERS.slice(i).flat();
  for (const mod of layer) {
    const forbidden = higherOrSame.filter((m) => m !== mod);
    overrides.push({
      includes: [`apps/server/src/modules/${mod}/**`],
      ...rule([
        INDEX_ONLY,
        {
          group: forbidden.map((m) => `../${m}/**`),
          message: `Module ${mod} (layer ${i}) may import only modules of a lower layer (apps/server/README.md, scripts/boundaries.mjs).`,
        },
      ]),
    });
  }
});
// Server: foundations (lib, plugins) never import a module's code (types are declared where they are needed).
overrides.push({
  includes: ['apps/server/src/{lib,plugins}/**'],
  ...rule([
    {
      group: ['**/modules/**'],
      message:
        'lib/ and plugins/ are below every module: they import none (app.ts passes in what a plugin needs).',
    },
  ]),
});

// Web: a feature never imports another feature (pages in app/ combine them). Relative imports look alike at every
// depth, so each depth gets the pattern that leaves its own feature.
for (let depth = 1; depth <= 4; depth++) {
  const up = '../'.repeat(depth);
  overrides.push({
    includes: [`apps/web/src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ...rule([
      {
        group: [`${up}*/**`, `!${up}../**`, '**/features/**'],
        message: 'A feature never imports another feature: move what both need to components/ or lib/.',
      },
    ]),
  });
}
// Web: shared code (lib, components, stores) is below the features and the app.
overrides.push({
  includes: ['apps/web/src/{lib,components,stores}/**'],
  ...rule([
    {
      group: ['**/features/**', '**/app/**'],
      message: 'lib/, components/ and stores/ are below the features and app/: they import neither.',
    },
  ]),
});
// Packages never import an app.
overrides.push({
  includes: ['packages/*/src/**'],
  ...rule([{ group: ['**/apps/**'], message: 'Packages are below the apps: they import none.' }]),
});

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const path = join(root, 'biome.json');
const config = JSON.parse(readFileSync(path, 'utf8'));
config.overrides = overrides;
writeFileSync(path, `${JSON.stringify(config, null, 2)}\n`);
execFileSync(join(root, 'node_modules/.bin/biome'), ['format', '--write', 'biome.json'], {
  cwd: root,
  stdio: 'ignore',
});
console.log(`biome.json: ${overrides.length} boundary overrides`);
