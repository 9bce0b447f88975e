import en from '@agc/shared/locales/web/en.json';
import { describe, expect, it } from 'vitest';
import { EAGER_ENGLISH, i18n, LAZY_SECTIONS, loadEnglishRest } from './index.ts';

describe('English sections', () => {
  it('puts every section of en.json either in the first bundle or among the lazy ones, never both', () => {
    const eager = Object.keys(EAGER_ENGLISH);
    expect([...eager, ...LAZY_SECTIONS].sort()).toEqual(Object.keys(en).sort());
    expect(eager.filter((k) => (LAZY_SECTIONS as readonly string[]).includes(k))).toEqual([]);
  });

  it('adds the lazy sections once loaded, keeping the eager ones', async () => {
    await loadEnglishRest();
    expect(i18n.t('fund.tabs.products', { lng: 'en' })).toBe(en.fund.tabs.products);
    expect(i18n.t('withdrawAudit', { lng: 'en', returnObjects: true })).toEqual(en.withdrawAudit);
    expect(i18n.t('title.home', { lng: 'en' })).toBe(en.title.home);
  });
});
