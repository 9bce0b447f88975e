import { describe, expect, it } from 'vitest';
import { interpolate, localeFromAcceptLanguage, matchLocale } from './locale.ts';

describe('matchLocale', () => {
  it.each([
    ['en-US', 'en'],
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['zh_MO', 'zh-Hant'],
    ['zh-CN', 'zh-Hans'],
    ['zh', 'zh-Hans'],
    ['zh-Hans-SG', 'zh-Hans'],
    ['ko-KR', 'ko'],
    ['pt-BR', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s → %s', (tag, expected) => {
    expect(matchLocale(tag)).toBe(expected);
  });
});

describe('localeFromAcceptLanguage', () => {
  it('honours q-values and skips unknown languages', () => {
    expect(localeFromAcceptLanguage('pt-BR,ja;q=0.5,ko;q=0.8')).toBe('ko');
    expect(localeFromAcceptLanguage('de, fr;q=0.1')).toBe('fr');
  });
  it('falls back to en', () => {
    expect(localeFromAcceptLanguage(undefined)).toBe('en');
    expect(localeFromAcceptLanguage('de-DE')).toBe('en');
    expect(localeFromAcceptLanguage('ja;q=0')).toBe('en');
  });
});

describe('interpolate', () => {
  it('fills named values and keeps unknown placeholders', () => {
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'x' })).toBe('1 and x and {{c}}');
  });
});
