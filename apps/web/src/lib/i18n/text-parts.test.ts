// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { LOCALES } from './languages.ts';
import { ALL_PARTS, partOfKey, pickPart, SHELL_PART, TEXT_PARTS } from './text-parts.ts';

const DIR = new URL('../../../../../packages/shared/locales/web/', import.meta.url);
type Texts = { [key: string]: string | Texts };
const texts = (lng: string) => JSON.parse(readFileSync(new URL(`${lng}.json`, DIR), 'utf8')) as Texts;

const keys = (tree: Texts, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : keys(value, path);
  });

describe('the parts of the texts', () => {
  it('hold every key of every language once: the parts together are the file', () => {
    for (const lng of LOCALES) {
      const all = texts(lng);
      const parts = ALL_PARTS.map((part) => keys(pickPart(all, part)));
      expect(parts.flat().sort(), lng).toEqual(keys(all).sort());
      expect(new Set(parts.flat()).size, lng).toBe(parts.flat().length);
    }
  });

  it('name no path twice, and every path is a key or a group of keys of the English texts', () => {
    const paths = ALL_PARTS.flatMap((part) => [...TEXT_PARTS[part]]);
    expect(new Set(paths).size).toBe(paths.length);
    const english = keys(texts('en'));
    for (const path of paths)
      expect(
        english.some((k) => k === path || k.startsWith(`${path}.`)),
        path,
      ).toBe(true);
  });

  it('give a key to the longest path that holds it', () => {
    expect(partOfKey('invite.bonus')).toBe(SHELL_PART);
    expect(partOfKey('invite.code')).toBe('member');
    expect(partOfKey('localWalletPages.review.title')).toBe(SHELL_PART);
    expect(partOfKey('localWalletPages.send.feeL1')).toBe(SHELL_PART);
    expect(partOfKey('localWalletPages.send.amount')).toBe('localWallet');
    expect(partOfKey('nowhere.at.all')).toBeUndefined();
  });
});

describe('loading the texts in parts', () => {
  // A fresh i18n module: the test setup has loaded every part of English into the shared one.
  const fresh = async () => {
    vi.resetModules();
    return import('./index.ts');
  };

  it('starts with the shell part only; a page adds its parts; a switched-to language brings them all', async () => {
    const { applyLanguage, i18n, loadTexts } = await fresh();
    await applyLanguage('ja');
    expect(i18n.t('login.connect')).toBe((texts('ja').login as Texts).connect);
    expect(i18n.exists('home.address')).toBe(false);

    await loadTexts(['member']);
    expect(i18n.t('home.address')).toBe((texts('ja').home as Texts).address);
    expect(i18n.exists('fund.products.lock')).toBe(false);

    await applyLanguage('fr');
    expect(i18n.language).toBe('fr');
    expect(i18n.t('login.connect')).toBe((texts('fr').login as Texts).connect);
    expect(i18n.t('home.address')).toBe((texts('fr').home as Texts).address);
    expect(i18n.exists('fund.products.lock', { lng: 'fr' })).toBe(false);
  });

  it('asks again for a part that failed to load', async () => {
    const { i18n, loadLocale } = await fresh();
    const files = (await import('virtual:text-files')).default;
    const korean = files.ko;
    if (!korean) throw new Error('no Korean texts');
    // The first time, the tree part's file cannot be had (the network dropped).
    vi.spyOn(files, 'ko').mockImplementationOnce(async () => {
      const texts = await korean();
      const failed = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
      return { ...texts, parts: { ...texts.parts, tree: failed } };
    });
    await expect(loadLocale('ko', ['tree'])).rejects.toThrow(TypeError);
    await loadLocale('ko', ['tree']);
    expect(i18n.getResource('ko', 'translation', 'tree.search.submit')).toBe(
      ((texts('ko').tree as Texts).search as Texts).submit,
    );
  });
});
