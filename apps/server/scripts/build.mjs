// Bundles the server into dist/server.js. Our workspace packages (@agc/*, TypeScript sources) are
// bundled in; every npm dependency stays external and loads from node_modules at run time.
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
// SERVER_DIST builds elsewhere (a folder inside the repository, so that node_modules still resolves): lets a test
// run use its own build while another build is in progress.
const dist = process.env.SERVER_DIST ? resolve(process.env.SERVER_DIST) : here('../dist');
rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [here('../src/server.ts')],
  outfile: join(dist, 'server.js'),
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
        // Our workspace packages and the '@server/' alias (tsconfig paths, which esbuild follows) are bundled.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@agc/') || args.path.startsWith('@server/')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(here('../../../packages/db/migrations'), join(dist, 'migrations'), { recursive: true });
console.log(`server bundled: ${join(dist, 'server.js')}`);
