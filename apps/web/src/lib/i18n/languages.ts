import { FALLBACK_LOCALE, LOCALES, type Locale, matchLocale } from '@agc/shared/locale';

export { LOCALES, type Locale };

/** What the user picks in selectLan: 'system' follows the browser. */
export type LanguageChoice = 'system' | Locale;

/**
 * The 12 options of the language page, in the spec's order. Names are written in their own language,
 * so they need no translation; only 'system' is translated (language.system).
 * Simplified Chinese has no option of its own: 'system' reaches it on zh-CN browsers.
 */
export const LANGUAGE_OPTIONS: readonly { code: LanguageChoice; label: string }[] = [
  { code: 'system', label: '' },
  { code: 'en', label: 'English' },
  { code: 'zh-Hant', label: '繁體中文' },
  { code: 'ko', label: '한국어' },
  { code: 'ja', label: '日本語' },
  { code: 'fr', label: 'Français' },
  { code: 'id', label: 'Bahasa Indonesia' },
  { code: 'pl', label: 'Polski' },
  { code: 'ru', label: 'Русский' },
  { code: 'es', label: 'Español' },
  { code: 'th', label: 'ไทย' },
  { code: 'vi', label: 'Tiếng Việt' },
];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function isLanguageChoice(value: unknown): value is LanguageChoice {
  return value === 'system' || isLocale(value);
}

/**
 * The locale for 'system': the first browser language we have. Chinese variants zh-TW/zh-HK/zh-MO/
 * zh-Hant* → zh-Hant, other zh* → zh-Hans; 'in' (the old code of Indonesian) → id; unknown → en.
 */
export function resolveSystemLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const m = matchLocale(/^in(-|_|$)/i.test(tag) ? `id${tag.slice(2)}` : tag);
    if (m) return m;
  }
  return FALLBACK_LOCALE;
}

export function resolveLanguage(choice: LanguageChoice, languages: readonly string[]): Locale {
  return choice === 'system' ? resolveSystemLocale(languages) : choice;
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}
