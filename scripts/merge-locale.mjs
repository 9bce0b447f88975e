#!/usr/bin/env node
// Deep-merges a JSON object of new keys into one locale catalogue, keeping the file's key order and
// formatting. Several people (or helper sessions) can add keys to the same catalogues this way
// without overwriting each other's: read, merge and write happen in one short step.
//   node scripts/merge-locale.mjs <web|api> <locale> <file.json | inline JSON>
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const [kind, locale, source] = process.argv.slice(2);
if (!kind || !locale || !source) {
  console.error('usage: merge-locale.mjs <web|api> <locale> <file.json | JSON>');
  process.exit(2);
}
const target = new URL(`../packages/shared/locales/${kind}/${locale}.json`, import.meta.url);
const incoming = JSON.parse(existsSync(source) ? readFileSync(source, 'utf8') : source);
const merge = (into, from) => {
  for (const [k, v] of Object.entries(from)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) into[k] = merge(into[k] ?? {}, v);
    else into[k] = v;
  }
  return into;
};
const current = JSON.parse(readFileSync(target, 'utf8'));
writeFileSync(target, `${JSON.stringify(merge(current, incoming), null, 2)}\n`);
