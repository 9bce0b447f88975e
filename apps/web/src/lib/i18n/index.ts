// i18next setup. Only the active language is loaded: each locale file of packages/shared/locales/web (English
// included) is a chunk of its own, loaded before the first paint (initLanguage) or when the member switches. The
// user's choice is kept in localStorage `lang`. English is the fallback of a missing key, which the locale tests
// forbid, so no other language than the active one is ever needed.
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

type Resources = Record<string, unknown>;

const localeFiles = import.meta.glob<{ default: Resources }>(
  '../../../../../packages/shared/locales/web/*.json',
);

function loaderFor(lng: Locale): (() => Promise<{ default: Resources }>) | undefined {
  const entry = Object.entries(localeFiles).find(([path]) => path.endsWith(`/${lng}.json`));
  return entry?.[1];
}

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

export async function loadLocale(lng: Locale): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return;
  const loader = loaderFor(lng);
  if (!loader) return; // no file: i18next falls back to English
  const mod = await loader();
  i18n.addResourceBundle(lng, 'translation', mod.default, true, true);
}

/** Loads and switches to the locale of a choice; sets <html lang> and antd-mobile's locale. */
export async function applyLanguage(choice: LanguageChoice): Promise<Locale> {
  const lng = resolveLanguage(choice, browserLanguages());
  await Promise.all([loadLocale(lng), loadAntdLocale(lng)]);
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
    // A locale chunk that fails to load must not keep the app from starting: English it is.
    return applyLanguage('en');
  }
}

/** The current locale, sent as Accept-Language. */
export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : 'en';
}

export const t = (key: string, values?: Record<string, unknown>): string => i18n.t(key, values ?? {});
