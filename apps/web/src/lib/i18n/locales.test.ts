// @vitest-environment node
// Every locale file must have every key of en.json, no empty value and the same {{placeholders}}.
// A file that is still a copy of English fails too: it exists only to hold the structure until the
// translation arrives.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './languages.ts';

const DIR = new URL('../../../../../packages/shared/locales/web/', import.meta.url);
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) flatten(value, path, out);
    else out[path] = value;
  }
  return out;
}

const load = (lng: string) => flatten(JSON.parse(readFileSync(new URL(`${lng}.json`, DIR), 'utf8')) as Tree);
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]))].sort();

const en = load('en');
const enKeys = Object.keys(en).sort();

/** i18next's plural keys: `<key>_<category>`, one per CLDR plural category of the language (Intl.PluralRules). */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const baseKeys = (keys: string[]) => [...new Set(keys.map((k) => k.replace(PLURAL, '')))].sort();
const pluralBases = (keys: string[]) => [
  ...new Set(keys.filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, ''))),
];
const categories = (lng: string) => [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();
/** The English text a key is compared with: itself, or the `_other` form of its plural. */
const enText = (key: string) => (en[key] ?? en[key.replace(PLURAL, '_other')]) as string;

/** A translation may keep some English (brand names, "OK"); most of it must differ. */
const MAX_UNTRANSLATED_SHARE = 0.5;

describe('locale files', () => {
  it('exist for every locale and nothing else', () => {
    const files = readdirSync(DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...LOCALES].sort());
  });

  it('en.json has only non-empty strings', () => {
    for (const [key, value] of Object.entries(en)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('en.json has the Fund tab label and the four tab labels', () => {
    expect(en['nav.fund']).toBe('Fund');
    expect([en['nav.home'], en['nav.rewards'], en['nav.shop'], en['nav.account']]).toEqual([
      'Home',
      'Rewards',
      'Shop',
      'Account',
    ]);
  });

  it('en.json has both English plural forms of every counted phrase', () => {
    for (const base of pluralBases(enKeys))
      expect([en[`${base}_one`], en[`${base}_other`]].every(Boolean), base).toBe(true);
  });

  for (const lng of LOCALES.filter((l) => l !== 'en')) {
    describe(lng, () => {
      const messages = load(lng);
      const keys = Object.keys(messages).sort();

      it('has every key of en.json and no other (a counted phrase in the plural forms of its language)', () => {
        expect(baseKeys(keys)).toEqual(baseKeys(enKeys));
        for (const base of pluralBases(enKeys)) {
          const forms = keys.filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k));
          expect(forms.map((k) => k.replace(/^.*_/, '')).sort(), `${lng} ${base}`).toEqual(categories(lng));
        }
      });

      it('has no empty value', () => {
        const empty = Object.entries(messages)
          .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
          .map(([k]) => k);
        expect(empty).toEqual([]);
      });

      it('uses the same interpolation placeholders as en.json', () => {
        const different = keys.filter((key) => {
          const value = messages[key];
          return typeof value === 'string' && placeholders(value).join() !== placeholders(enText(key)).join();
        });
        expect(different).toEqual([]);
      });

      it('states no rate of its own: percentages come from the server configuration', () => {
        const hardCoded = enKeys.filter((key) => /\d\s*[%％]/.test(String(messages[key] ?? '')));
        expect(hardCoded).toEqual([]);
      });

      it('is translated (not a copy of en.json)', () => {
        const same = enKeys.filter((key) => messages[key] === en[key]);
        expect(
          same.length / enKeys.length,
          `${same.length} of ${enKeys.length} values are still English`,
        ).toBeLessThan(MAX_UNTRANSLATED_SHARE);
      });
    });
  }
});
