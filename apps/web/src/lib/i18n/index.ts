// i18next setup. English is bundled (it is the fallback and the most common choice) except the sections only
// lazy pages read (LAZY_SECTIONS), which arrive with the whole English file in a chunk of their own; the other
// locale files of packages/shared/locales/web load on demand. The user's choice is kept in localStorage `lang`.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { fieldStorage } from '../storage.ts';
import { applyAntdLocale, loadAntdLocale } from './antd-locale.ts';
import * as eagerEnglish from './eager-english.ts';
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

const localeFiles = import.meta.glob<{ default: Resources }>([
  '../../../../../packages/shared/locales/web/*.json',
  '!../../../../../packages/shared/locales/web/en.json',
]);

function loaderFor(lng: Locale): (() => Promise<{ default: Resources }>) | undefined {
  const entry = Object.entries(localeFiles).find(([path]) => path.endsWith(`/${lng}.json`));
  return entry?.[1];
}

/** The English sections in the first bundle (eager-english.ts). */
export const EAGER_ENGLISH: Resources = { ...eagerEnglish };
/**
 * English sections read only by lazy pages and lazy parts of eager pages (the fund, withdrawal, tree, team and
 * hash-rate pages, the pay result, the admin audit and settlement pages; home's Fund card and the account page's
 * fund banner re-render when they arrive). They keep the login route's JavaScript within its budget;
 * `loadEnglishRest` brings them (lazy routes wait for it).
 */
export const LAZY_SECTIONS = [
  'adminRoles',
  'analytics',
  'auditLog',
  'balance',
  'count',
  'dateField',
  'earn',
  'exchange',
  'fund',
  'hashRate',
  'incidents',
  'launchpad',
  'localWalletPages',
  'payResult',
  'settlement',
  'solvency',
  'teamUser',
  'tree',
  'withdraw',
  'withdrawAudit',
] as const;

let englishRest: Promise<void> | undefined;
/** Adds the lazy English sections (once; started at start-up, awaited by every lazy page). */
export function loadEnglishRest(): Promise<void> {
  // As text (`?raw`): a module of its own, so the bundler cannot fold it into the eager sections' chunk.
  englishRest ??= import('@agc/shared/locales/web/en.json?raw').then(
    (mod) => {
      const all = JSON.parse(mod.default) as Resources;
      const rest = Object.fromEntries(LAZY_SECTIONS.map((k) => [k, all[k]]));
      i18n.addResourceBundle('en', 'translation', rest, true, false);
    },
    (e: unknown) => {
      englishRest = undefined; // a failed chunk is tried again by the next caller
      throw e;
    },
  );
  return englishRest;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  // A copy: adding the lazy sections extends i18next's object, never EAGER_ENGLISH.
  resources: { en: { translation: { ...EAGER_ENGLISH } } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  load: 'currentOnly',
  initAsync: false,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  // 'added': components re-render when a locale's resources arrive (the lazy English sections among them).
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
