// A language's web texts in parts (src/lib/i18n/text-parts.ts): `…/locales/web/<lng>.json?part=<part>` is the JSON of
// that part alone, cut out of the language's one file at build time (and in the dev server and the tests alike),
// so translators keep one file per language and a page downloads only the texts it shows. `virtual:text-files`
// is the loader of every language's every part (src/lib/i18n/index.ts loads through it).
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ALL_PARTS, isTextPart, pickPart } from './src/lib/i18n/text-parts.ts';

const LOCALES_DIR = fileURLToPath(new URL('../../packages/shared/locales/web/', import.meta.url));
const PART_ID = /[\\/]locales[\\/]web[\\/][\w-]+\.json\?part=([\w-]+)$/;
const VIRTUAL = 'virtual:text-files';
const RESOLVED = `\0${VIRTUAL}`;

export function localeParts(): Plugin {
  return {
    name: 'locale-parts',
    enforce: 'pre',
    resolveId: (source) => (source === VIRTUAL ? RESOLVED : null),
    load(id) {
      if (id === RESOLVED) {
        const languages = readdirSync(LOCALES_DIR)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -'.json'.length))
          .sort();
        const parts = (lng: string) =>
          ALL_PARTS.map(
            (p) =>
              `${JSON.stringify(p)}: () => import(${JSON.stringify(`${LOCALES_DIR}${lng}.json?part=${p}`)})`,
          ).join(', ');
        return `export default {\n${languages.map((l) => `  ${JSON.stringify(l)}: { ${parts(l)} },`).join('\n')}\n};\n`;
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
