import { readFileSync } from 'node:fs';
import type English from '../../packages/shared/locales/web/en.json';

type WebTexts = typeof English;

/** The web app's texts in `locale`, from packages/shared/locales/web: tests never type a text in. */
/**
 * A language's web texts, typed as the English catalogue (every language has the same keys: a test in
 * packages/shared holds them to it), so a spec naming a key that does not exist fails the type-check.
 */
export const webTexts = (locale: string): WebTexts =>
  JSON.parse(
    readFileSync(new URL(`../../packages/shared/locales/web/${locale}.json`, import.meta.url), 'utf8'),
  ) as WebTexts;

export const en = webTexts('en');
