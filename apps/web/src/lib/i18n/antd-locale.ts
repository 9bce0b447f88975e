// antd-mobile defaults to Chinese. Its locale follows the app language; languages it lacks (Polish)
// use English. Only English is bundled; the others load on demand like the app's own locale files.
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import type { Locale } from './languages.ts';

export type AntdLocale = typeof enUS;
type Loader = () => Promise<{ default: AntdLocale }>;

const LOADERS: Record<Locale, Loader | null> = {
  en: null,
  'zh-Hans': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  ko: () => import('antd-mobile/es/locales/ko-KR'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  id: () => import('antd-mobile/es/locales/id-ID'),
  pl: null,
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
};

const cache = new Map<Locale, AntdLocale>();

export async function loadAntdLocale(lng: Locale): Promise<AntdLocale> {
  const cached = cache.get(lng);
  if (cached) return cached;
  const loader = LOADERS[lng];
  const locale = loader ? (await loader()).default : enUS;
  cache.set(lng, locale);
  return locale;
}

/** The loaded antd-mobile locale of a language (English until it has loaded). */
export function antdLocaleFor(lng: Locale): AntdLocale {
  return cache.get(lng) ?? enUS;
}

/** Imperative Toast/Modal render outside the ConfigProvider tree: they read this default config. */
export function applyAntdLocale(lng: Locale): void {
  setDefaultConfig({ locale: antdLocaleFor(lng) });
}
