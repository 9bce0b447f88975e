import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, currentLocale, i18n, setLanguage, t, useLanguageStore } from './index.ts';
import { LANGUAGE_OPTIONS, resolveLanguage, resolveSystemLocale } from './languages.ts';

describe('language options', () => {
  it('offers the 12 options of the spec in order', () => {
    expect(LANGUAGE_OPTIONS.map((o) => o.code)).toEqual([
      'system',
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
    ]);
    expect(LANGUAGE_OPTIONS.map((o) => o.label).slice(1)).toEqual([
      'English',
      '繁體中文',
      '한국어',
      '日本語',
      'Français',
      'Bahasa Indonesia',
      'Polski',
      'Русский',
      'Español',
      'ไทย',
      'Tiếng Việt',
    ]);
  });
});

describe('system language', () => {
  it('maps Chinese variants: TW/HK/MO/Hant → zh-Hant, other zh → zh-Hans', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh_TW'])
      expect(resolveSystemLocale([tag]), tag).toBe('zh-Hant');
    for (const tag of ['zh', 'zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN'])
      expect(resolveSystemLocale([tag]), tag).toBe('zh-Hans');
  });

  it('maps other languages by their primary tag and unknown ones to en', () => {
    expect(resolveSystemLocale(['fr-CA'])).toBe('fr');
    expect(resolveSystemLocale(['es-419'])).toBe('es');
    expect(resolveSystemLocale(['in-ID'])).toBe('id');
    expect(resolveSystemLocale(['de-DE', 'ja-JP'])).toBe('ja');
    expect(resolveSystemLocale(['de-DE'])).toBe('en');
    expect(resolveSystemLocale([])).toBe('en');
  });

  it('resolves a choice', () => {
    expect(resolveLanguage('system', ['ko-KR'])).toBe('ko');
    expect(resolveLanguage('ru', ['ko-KR'])).toBe('ru');
  });
});

describe('switching language', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('loads the locale lazily, sets <html lang> and persists the choice', async () => {
    await setLanguage('zh-Hans');
    expect(currentLocale()).toBe('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-Hans');
    expect(t('nav.home')).toBe('首页');
    expect(localStorage.getItem('lang')).toBe('zh-Hans');
    expect(useLanguageStore.getState().lang).toBe('zh-Hans');
  });

  it('applies system to the browser language', async () => {
    const lng = await applyLanguage('system');
    expect(lng).toBe(resolveSystemLocale(navigator.languages));
  });

  it('falls back to English for missing keys', async () => {
    await setLanguage('ja');
    expect(i18n.language).toBe('ja');
    expect(t('app.title')).toBe('AGCFund Portfolio');
  });
});
