// A language's web texts in parts (src/lib/i18n/text-parts.ts): `…/locales/web/<lng>.json?part=<part>` is the JSON of
// that part alone, cut out of the language's one file at build time (and in the dev server and the tests alike),
// so translators keep one file per language and a page downloads only the texts it shows. `virtual:text-files` is a
// loader per language; each loads `virtual:text-files/<lng>`: that language's shell part (what the first paint needs)
// with the loaders of its other parts, so the app's first files name 12 files, not every part of every language.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ALL_PARTS, isTextPart, pickPart, SHELL_PART } from './src/lib/i18n/text-parts.ts';

const LOCALES_DIR = fileURLToPath(new URL('../../packages/shared/locales/web/', import.meta.url));
const PART_ID = /[\\/]locales[\\/]web[\\/][\w-]+\.json\?part=([\w-]+)$/;
const VIRTUAL = 'virtual:text-files';
const RESOLVED = `\0${VIRTUAL}`;

const languages = () =>
  readdirSync(LOCALES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
const partFile = (lng: string, part: string) => JSON.stringify(`${LOCALES_DIR}${lng}.json?part=${part}`);

export function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    resolveId: (source) => (source === VIRTUAL || source.startsWith(`${VIRTUAL}/`) ? `\0${source}` : null),
    load(id) {
      if (id === RESOLVED) {
        const loaders = languages().map(
          (l) => `  ${JSON.stringify(l)}: () => import(${JSON.stringify(`${VIRTUAL}/${l}`)}),`,
        );
        return `export default {\n${loaders.join('\n')}\n};\n`;
      }
      if (id.startsWith(`${RESOLVED}/`)) {
        const lng = id.slice(RESOLVED.length + 1);
        const others = ALL_PARTS.filter((p) => p !== SHELL_PART).map(
          (p) => `  ${JSON.stringify(p)}: () => import(${partFile(lng, p)}),`,
        );
        return `export { default as shell } from ${partFile(lng, SHELL_PART)};\nexport const parts = {\n${others.join('\n')}\n};\n`;
      }
      const match = PART_ID.exec(id);
      if (!match) return null;
      const part = match[1];
      if (!isTextPart(part)) throw new Error(`${id}: no text part ${part} (src/lib/i18n/text-parts.ts)`);
      const file = id.slice(0, id.indexOf('?'));
      this.addWatchFile(file);
      // JSON.parse of a string literal: parsed faster than the same object written as code.
      const texts = JSON.stringify(pickPart(JSON.parse(readFileSync(file, 'utf8')), part));
      return `export default JSON.parse(${JSON.stringify(texts)});\n`;
    },
  };
}
