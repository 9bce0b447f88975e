// The server's message catalogues: every locale has every key of English, no empty value, the same
// {{placeholders}}, and is mostly translated (a copy of English fails).
import { describe, expect, it } from 'vitest';
import { apiMessages } from './api-messages.ts';
import { LOCALES } from './locale.ts';

function flatten(tree: unknown, prefix = '', out: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') flatten(value, path, out);
    else out[path] = String(value);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const en = flatten(apiMessages.en);

describe('API message catalogues', () => {
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`${locale} has every English key, translated, with the same placeholders`, () => {
      const messages = flatten(apiMessages[locale]);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      let same = 0;
      for (const [key, text] of Object.entries(en)) {
        const translated = messages[key] ?? '';
        expect(translated.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(translated), `${locale} ${key}`).toEqual(placeholders(text));
        if (translated === text) same += 1;
      }
      expect(same / Object.keys(en).length, `${locale}: share left in English`).toBeLessThan(0.2);
    });
  }
});
