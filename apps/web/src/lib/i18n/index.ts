// i18next setup. Only the active language is loaded, and of it only the parts of its texts that the pages shown so
// far need (text-parts.ts): the `shell` part before the first paint (initLanguage), a page's parts beside the page's
// code (loadTexts, called by the router), all of them again in the new language when the member switches. The
// user's choice is kept in localStorage `lang`. English is the fallback of a missing key, which the locale tests
// forbid, so no other language than the active one is ever needed.
/// <reference path="./text-files.d.ts" />

import textFiles, { type LanguageTexts } from 'virtual:text-files';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fieldStorage } from '../storage.ts';
import { applyAntdLocale, loadAntdLocale } from './antd-locale.ts';
import {
  browserLanguages,
  isLanguageChoice,
  isLocale,
  type LanguageChoice,
  LOCALES,
  type Locale,
  resolveLanguage,
} from './languages.ts';
import { SHELL_PART, type TextPart } from './text-parts.ts';

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {},
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  // 'added': components re-render when a locale's resources arrive.
  react: { useSuspense: false, bindI18nStore: 'added' },
});

interface LanguageState {
  lang: LanguageChoice;
  setLang: (lang: LanguageChoice) => void;
}

const languageStorage = fieldStorage<Pick<LanguageState, 'lang'>>('local', { lang: 'string' });

/** The persisted language choice ('system' or a locale). */
export const useLanguageStore = create<LanguageState>()(
  persist((set) => ({ lang: 'system', setLang: (lang) => set({ lang }) }), {
    name: 'lang',
    storage: languageStorage,
    partialize: languageStorage.partialize,
    merge: (persisted, current) => {
      const lang = (persisted as Partial<LanguageState> | undefined)?.lang;
      return { ...current, lang: isLanguageChoice(lang) ? lang : 'system' };
    },
  }),
);

/** The parts asked for so far (the shell's, then each page's): a language switched to loads them all. */
const wanted = new Set<TextPart>([SHELL_PART]);
/** Per language, the parts loaded or loading. */
const loading = new Map<string, Promise<void>>();

/** A language's module: its shell part, and the loaders of the others. */
const language = (lng: Locale): Promise<LanguageTexts> | undefined => textFiles[lng]?.();

function loadPart(lng: Locale, part: TextPart): Promise<void> {
  const id = `${lng}:${part}`;
  const pending = loading.get(id);
  if (pending) return pending;
  const module = language(lng);
  if (!module) return Promise.resolve(); // no file: i18next falls back to English
  const load = module
    .then(async (texts) => (part === SHELL_PART ? texts.shell : (await texts.parts[part]?.())?.default))
    .then((texts) => {
      if (texts) i18n.addResourceBundle(lng, 'translation', texts, true, true);
    });
  // A part that failed to load is asked for again the next time.
  load.catch(() => loading.delete(id));
  loading.set(id, load);
  return load;
}

/** Loads texts of a language: the given parts (every part unless told), and from then on in every language. */
export async function loadLocale(lng: Locale, parts?: readonly TextPart[]): Promise<void> {
  const asked = parts ?? [SHELL_PART, ...(Object.keys((await language(lng))?.parts ?? {}) as TextPart[])];
  for (const part of asked) wanted.add(part);
  await Promise.all(asked.map((part) => loadPart(lng, part)));
}

/** A page's texts in the active language, loaded before the page paints (the router's lazy routes). */
export const loadTexts = (parts: readonly TextPart[]): Promise<void> => loadLocale(currentLocale(), parts);

/** Loads and switches to the locale of a choice; sets <html lang> and antd-mobile's locale. */
export async function applyLanguage(choice: LanguageChoice): Promise<Locale> {
  const lng = resolveLanguage(choice, browserLanguages());
  const texts = async () => {
    // A page asked for while this ran wants its texts in the new language too.
    for (let parts = [...wanted]; ; parts = [...wanted]) {
      await loadLocale(lng, parts);
      if (wanted.size === parts.length) return;
    }
  };
  await Promise.all([texts(), loadAntdLocale(lng)]);
  applyAntdLocale(lng);
  await i18n.changeLanguage(lng);
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return lng;
}

/** The selectLan action: persist the choice, then apply it. */
export async function setLanguage(choice: LanguageChoice): Promise<Locale> {
  useLanguageStore.getState().setLang(choice);
  return applyLanguage(choice);
}

/** Start-up: apply the stored choice and follow browser-language changes while on 'system'. */
export async function initLanguage(): Promise<Locale> {
  if (typeof window !== 'undefined') {
    window.addEventListener('languagechange', () => {
      if (useLanguageStore.getState().lang === 'system') void applyLanguage('system');
    });
  }
  try {
    return await applyLanguage(useLanguageStore.getState().lang);
  } catch {
    // A locale chunk that fails to load must not keep the app from starting: English it is, and when even English
    // cannot be had (the network dropped on a first visit), the app starts all the same rather than stay blank.
    return applyLanguage('en').catch(() => 'en' as const);
  }
}

/** The current locale, sent as Accept-Language. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : 'en';
}

export const t = (key: string, values?: Record<string, unknown>): string => i18n.t(key, values ?? {});
