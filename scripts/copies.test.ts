// The copy detector of `npm run lint` (jscpd with the repository's /.jscpd.json and its baseline of the copies
// that exist) fails on a new copy and passes when nothing was copied. Run in a scratch folder, so no file of the
// repository is touched.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jscpd = join(root, 'node_modules/.bin/jscpd');
const scratch = mkdtempSync(join(tmpdir(), 'copies-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** jscpd in the scratch folder with the repository's settings; its exit code. */
function detect(): number {
  try {
    execFileSync(jscpd, ['.'], { cwd: scratch, stdio: 'ignore', env: { ...process.env, NODE_OPTIONS: '' } });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('the copy detector', () => {
  const config = JSON.parse(readFileSync(join(root, '.jscpd.json'), 'utf8'));
  writeFileSync(join(scratch, '.jscpd.json'), JSON.stringify({ ...config, gitignore: false }));
  // A real file of the repository, and a baseline of the scratch folder as it is: no copy in it.
  cpSync(join(root, 'apps/server/src/modules/earn/service.ts'), join(scratch, 'service.ts'));
  execFileSync(jscpd, ['--update-baseline', '.'], {
    cwd: scratch,
    stdio: 'ignore',
    env: { ...process.env, NODE_OPTIONS: '' },
  });

  it('passes when nothing was copied', () => {
    expect(detect()).toBe(0);
  });

  it('fails on a new copy of a file', () => {
    cpSync(join(scratch, 'service.ts'), join(scratch, 'service-copy.ts'));
    expect(detect()).toBe(1);
  });
});
