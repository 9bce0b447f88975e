import { readFileSync } from 'node:fs';

/** The web app's texts in `locale`, from packages/shared/locales/web: tests never type a text in. */
export const webTexts = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../../packages/shared/locales/web/${locale}.json`, import.meta.url), 'utf8'),
  );

export const en = webTexts('en');
