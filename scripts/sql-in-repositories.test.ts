// A newcomer finds a module's SQL in its repositories (repository.ts, or <name>-repository.ts beside the code that
// uses it, in the module or in one of its sub-domain folders): no other file of a server module imports a value
// from drizzle-orm or @agc/db (types are fine: a service names DbOrTx).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'apps/server/src/modules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

const isRepository = (file: string) => /(^|-)repository\.ts$/.test(file.split('/').at(-1) ?? '');

/** The database imports of a file's text that bring values (not only types). */
function databaseValueImports(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /import\s+(type\s+)?([^;]*?)\s+from\s+'(drizzle-orm(?:\/[^']*)?|@agc\/db)'/g,
  )) {
    const [statement, typeOnly, clause = ''] = m;
    if (typeOnly) continue;
    const named = /^\{([^}]*)\}$/.exec(clause.trim());
    const names = named
      ? (named[1] ?? '')
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : [clause];
    if (names.some((n) => !n.startsWith('type '))) found.push(statement.replace(/\s+/g, ' '));
  }
  return found;
}

describe('SQL lives in repositories', () => {
  it('tells a value import from a type import', () => {
    expect(databaseValueImports(`import type { DbOrTx } from '@agc/db';`)).toEqual([]);
    expect(databaseValueImports(`import { type DbOrTx, type Tx } from '@agc/db';`)).toEqual([]);
    expect(databaseValueImports(`import { type DbOrTx, rowsOf } from '@agc/db';`)).toHaveLength(1);
    expect(databaseValueImports(`import {\n  and,\n  eq,\n} from 'drizzle-orm';`)).toHaveLength(1);
    expect(databaseValueImports(`import { sql } from 'drizzle-orm/sql';`)).toHaveLength(1);
    expect(databaseValueImports(`import { sql } from 'drizzle-orm-extra';`)).toEqual([]);
  });

  it('no file of a server module but its repositories imports a database value', () => {
    const files = sources(modules);
    expect(files.filter(isRepository).length).toBeGreaterThan(25);
    const breaches = files
      .filter((f) => !isRepository(f))
      .flatMap((f) => databaseValueImports(readFileSync(f, 'utf8')).map((i) => `${relative(root, f)}: ${i}`));
    expect(breaches).toEqual([]);
  });
});
