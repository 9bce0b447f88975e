// Bundles the server into dist/server.js. Our workspace packages (@agc/*, TypeScript sources) are
// bundled in; every npm dependency stays external and loads from node_modules at run time.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
rmSync(here('../dist'), { recursive: true, force: true });
await build({
  entryPoints: [here('../src/server.ts')],
  outfile: here('../dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@agc/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(here('../../../packages/db/migrations'), here('../dist/migrations'), { recursive: true });
console.log('server bundled: apps/server/dist/server.js');
