/** The interface languages: 11 translated locales plus Simplified Chinese, which 'system' reaches on zh-CN browsers. */
export const LOCALES = [
  'en',
  'zh-Hant',
  'ko',
  'ja',
  'fr',
  'id',
  'pl',
  'ru',
  'es',
  'th',
  'vi',
  'zh-Hans',
] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/**
 * Maps a BCP-47 tag to one of our locales: Traditional Chinese tags (zh-Hant*, zh-TW, zh-HK, zh-MO)
 * go to zh-Hant, every other Chinese tag to zh-Hans, others by primary language; unknown → undefined.
 */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!t) return undefined;
  const [lang, ...rest] = t.split('-');
  if (lang === 'zh') {
    const traditional = rest.some((p) => p === 'hant' || p === 'tw' || p === 'hk' || p === 'mo');
    return traditional ? 'zh-Hant' : 'zh-Hans';
  }
  return LOCALES.find((l) => l.toLowerCase() === lang);
}

/** Picks the best locale from an Accept-Language header (q-values honoured), falling back to en. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale {
  if (!header) return FALLBACK_LOCALE;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag ?? '', weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const r of ranked) {
    const m = matchLocale(r.tag);
    if (m) return m;
  }
  return FALLBACK_LOCALE;
}

/** Replaces {{name}} placeholders; a missing value leaves the placeholder visible rather than inventing text. */
export function interpolate(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}
