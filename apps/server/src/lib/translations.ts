import type { Locale } from '@agc/shared';

/** Per-language texts of a catalogue row (shop products, fund products): `{ "ja": { "name": …, … }, … }`. */
export type Translations = Record<string, { name?: string; description?: string }>;

/** A row's name and description in `locale`: its translation, else the English one (name/description). */
export function textsIn(
  row: { name: string; description: string; translations: Translations },
  locale: Locale,
): { name: string; description: string } {
  const own = locale === 'en' ? undefined : row.translations[locale];
  return { name: own?.name || row.name, description: own?.description || row.description };
}

/** An admin's translations as stored: texts trimmed, empty ones and languages left with none dropped. */
export function cleanTranslations(input: Translations): Translations {
  return Object.fromEntries(
    Object.entries(input)
      .map(([locale, t]) => [
        locale,
        {
          ...(t.name?.trim() && { name: t.name.trim() }),
          ...(t.description?.trim() && { description: t.description.trim() }),
        },
      ])
      .filter(([, t]) => Object.keys(t as object).length > 0),
  );
}
