import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

// The document the server generates, read by independent tools: Redocly's linter (its recommended rules, with
// the exceptions and reasons in /redocly.yaml) and openapi-typescript, whose generated types must compile with a
// typed client (openapi-fetch) calling the API. A copy is kept for the web app's page tests, whose fake server
// answers are held to it (packages/shared/generated/openapi.json; UPDATE_API_DOCUMENT=1 rewrites it).

const execNode = promisify(execFile);
/** Runs a package's command line in node, from the repository's root: what it printed, whether it failed or not. */
const run = (args: string[]): Promise<{ stdout: string; stderr: string }> =>
  execNode(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    },
  }).catch((e: { stdout?: string; stderr?: string }) => ({ stdout: e.stdout ?? '', stderr: e.stderr ?? '' }));
const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const bin = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), file);

let s: TestServer;
let dir: string;
let docText: string;

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer?: string }[];
}

// The document does not depend on the database: the PostgreSQL pass of the suite (DATABASE_URL) would only spend
// these seconds of CPU (Redocly, openapi-typescript, tsc) again.
const PG = process.env.DATABASE_URL;

describe.skipIf(PG)('the API document read by other tools', () => {
  beforeAll(async () => {
    s = await startTestServer();
    const res = await s.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    docText = res.body;
    dir = mkdtempSync(join(tmpdir(), 'agc-openapi-'));
    writeFileSync(join(dir, 'openapi.json'), docText);
  });
  afterAll(async () => {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is the copy the web app's page tests hold their fake server to", () => {
    const file = join(root, 'packages/shared/generated/openapi.json');
    const live = `${JSON.stringify(JSON.parse(docText), null, 1)}\n`;
    if (process.env.UPDATE_API_DOCUMENT === '1') writeFileSync(file, live);
    const copy = readFileSync(file, 'utf8');
    // Not toBe: a 400 KB diff helps nobody; the message says what to do.
    expect(
      copy === live,
      `${file} is not the server's document: run UPDATE_API_DOCUMENT=1 npx vitest run --project embedded apps/server/test/openapi.test.ts`,
    ).toBe(true);
  });

  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const { stdout } = await run([
      bin('@redocly/cli', 'bin/cli.js'),
      'lint',
      join(dir, 'openapi.json'),
      `--config=${join(root, 'redocly.yaml')}`,
      '--format=json',
      '--max-problems=1000',
    ]);
    const report = JSON.parse(stdout) as { totals: Record<string, number>; problems: Problem[] };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  it('generates a typed client (openapi-typescript) that compiles with tsc and types answers and errors', async () => {
    // A .ts file (not .d.ts), so that tsc checks the generated types themselves too.
    writeFileSync(join(dir, 'api.ts'), astToString(await openapiTS(docText)));
    // What a consumer writes: the typed client, an answer's data, an error's code, and calls the API refuses.
    writeFileSync(
      join(dir, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './api';

const api = createClient<paths>({ baseUrl: 'http://localhost:3000' });
const signedIn = { Authorization: 'Bearer t', 'X-Wallet-Address': '0x0000000000000000000000000000000000000001' };

export async function use(): Promise<string[]> {
  const seen: string[] = [];
  const me = await api.GET('/api/v1/me', { headers: signedIn });
  if (me.data) seen.push(me.data.data.address, me.data.data.invite_code);
  if (me.error) {
    const code: 401 | 500 = me.error.code;
    const msg: string = me.error.msg;
    seen.push(String(code), msg);
  }
  const quote = await api.GET('/api/v1/products/{id}/quote', { params: { path: { id: 1 } }, headers: signedIn });
  if (quote.data) seen.push(quote.data.data.pay_amount_usdt);
  const tree = await api.GET('/api/v1/me/tree', { params: { query: {} }, headers: signedIn });
  const side: 'left' | 'right' | null | undefined = tree.data?.data.node.side;
  seen.push(String(side));
  const auth = await api.POST('/api/v1/auth', { body: { message: 'm', signature: '0x00' } });
  if (auth.error?.code === 400) seen.push(auth.error.data?.rule ?? 'no rule');
  // @ts-expect-error: a path the API does not have
  await api.GET('/api/v1/no-such-path');
  // @ts-expect-error: the signature is required
  await api.POST('/api/v1/auth', { body: { message: 'm' } });
  // @ts-expect-error: an answer field the document does not describe
  seen.push(String(me.data?.data.no_such_field));
  return seen;
}
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          skipLibCheck: true,
          types: [],
          baseUrl: '.',
          paths: {
            'openapi-fetch': [dirname(require.resolve('openapi-fetch/package.json'))],
          },
        },
        files: ['client.ts'],
      }),
    );
    const tsc = await run([bin('typescript', 'bin/tsc'), '-p', join(dir, 'tsconfig.json')]);
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
  }, 180_000);
});
