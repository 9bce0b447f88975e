// Every API message catalogue, imported statically so bundles carry them (no file paths at run time).

import en from '../locales/api/en.json' with { type: 'json' };
import es from '../locales/api/es.json' with { type: 'json' };
import fr from '../locales/api/fr.json' with { type: 'json' };
import id from '../locales/api/id.json' with { type: 'json' };
import ja from '../locales/api/ja.json' with { type: 'json' };
import ko from '../locales/api/ko.json' with { type: 'json' };
import pl from '../locales/api/pl.json' with { type: 'json' };
import ru from '../locales/api/ru.json' with { type: 'json' };
import th from '../locales/api/th.json' with { type: 'json' };
import vi from '../locales/api/vi.json' with { type: 'json' };
import zhHans from '../locales/api/zh-Hans.json' with { type: 'json' };
import zhHant from '../locales/api/zh-Hant.json' with { type: 'json' };
import type { Locale } from './locale.ts';

export type MessageCatalogue = typeof en;

export const apiMessages: Record<Locale, MessageCatalogue> = {
  en: en,
  'zh-Hant': zhHant,
  ko: ko,
  ja: ja,
  fr: fr,
  id: id,
  pl: pl,
  ru: ru,
  es: es,
  th: th,
  vi: vi,
  'zh-Hans': zhHans,
};
