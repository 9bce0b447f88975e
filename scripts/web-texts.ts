// Whether every page of the built web app has its texts before it paints. The texts are sent in parts
// (apps/web/src/lib/i18n/text-parts.ts): the shell's with the app, a page's parts beside the page (page-table.ts). A
// key the code names (a string that is a text's key, or the start of one, `login.steps.` + a step) must be in a part
// that is there: the shell's for the app's own code and what it loads later (the sign-in code, the review sheet),
// the shell's or the page's for a page's code and what the page loads later (the checkout). Read from the build,
// after tree-shaking: what a chunk holds is what runs. Deterministic, so it runs in `npm test` (web-texts.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAZY_PAGES, type LazyPage, NOT_FOUND_PAGE } from '../apps/web/src/app/page-table.ts';
import { partOfKey, SHELL_PART, type TextPart } from '../apps/web/src/lib/i18n/text-parts.ts';
import { readManifest, WEB_DIST } from './web-budget.ts';

const ENGLISH = fileURLToPath(new URL('../packages/shared/locales/web/en.json', import.meta.url));

type Texts = { [key: string]: string | Texts };

/** Every text's key (dotted), from the English file (the locale tests hold every language to its keys). */
export function textKeys(texts: Texts = JSON.parse(readFileSync(ENGLISH, 'utf8')), prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : textKeys(value, path);
  });
}

/** The keys a piece of code names: a string starting with a group of the texts, and each key it can stand for. */
export function keysNamed(code: string, keys: readonly string[]): Set<string> {
  const groups = [...new Set(keys.map((k) => k.split('.')[0]))];
  const found = new Set<string>();
  const named = new RegExp(`["'\`]((?:${groups.join('|')})\\.[\\w.]*)`, 'g');
  for (const [, literal = ''] of code.matchAll(named)) {
    // `login.steps.` + a step: every key under it; `count.items`: the key and its plural forms.
    const start = literal.replace(/\.$/, '');
    for (const key of keys)
      if (key === start || key.startsWith(`${start}.`) || key.startsWith(`${start}_`)) found.add(key);
  }
  return found;
}

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const isPage = (key: string) => key.startsWith('src/app/pages/');
const isTexts = (key: string) => /\/locales\/web\/|^virtual:text-files|antd-mobile\/es\/locales\//.test(key);

/** The manifest's keys of what a chunk loads, now and later, short of other pages, texts and `stop`. */
function reach(manifest: Record<string, Chunk>, from: string, stop: ReadonlySet<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string, root: boolean) => {
    if (seen.has(key) || stop.has(key) || isTexts(key) || (!root && isPage(key))) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web manifest`);
    seen.add(key);
    for (const i of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(i, false);
  };
  visit(from, true);
  return seen;
}

export interface MissingTexts {
  /** `shell`, or the route key of a page. */
  where: string;
  /** Keys its code names that are in none of the parts it has. */
  keys: string[];
}

/** What each page (and the shell) would paint as a key: empty when every named key is in a part that is there. */
export function missingTexts(
  dist = WEB_DIST,
  pages: Partial<Record<string, LazyPage>> = { ...LAZY_PAGES, notFound: NOT_FOUND_PAGE },
): MissingTexts[] {
  const manifest = readManifest(dist) as Record<string, Chunk>;
  const keys = textKeys();
  const code = new Map<string, string>();
  const named = (chunks: Iterable<string>) => {
    const found = new Set<string>();
    for (const key of chunks) {
      const file = manifest[key]?.file ?? '';
      if (!file.endsWith('.js')) continue;
      if (!code.has(file)) code.set(file, readFileSync(join(dist, file), 'utf8'));
      for (const k of keysNamed(code.get(file) ?? '', keys)) found.add(k);
    }
    return found;
  };
  const lacking = (where: string, found: Set<string>, parts: readonly TextPart[]): MissingTexts[] => {
    const missing = [...found].filter((k) => !parts.includes(partOfKey(k) as TextPart)).sort();
    return missing.length > 0 ? [{ where, keys: missing }] : [];
  };

  const entry = Object.keys(manifest).find((k) => (manifest[k] as { isEntry?: boolean }).isEntry);
  if (!entry) throw new Error('no entry in the web manifest');
  const shell = reach(manifest, entry, new Set());
  const result = lacking('shell', named(shell), [SHELL_PART]);
  for (const [route, page] of Object.entries(pages)) {
    if (!page) continue;
    const chunks = reach(manifest, `src/app/pages/${page.page}`, shell);
    result.push(...lacking(route, named(chunks), [SHELL_PART, ...page.texts]));
  }
  return result;
}
