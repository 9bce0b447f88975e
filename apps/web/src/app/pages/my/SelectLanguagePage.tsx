import { setLanguage, useLanguageStore } from '@web/lib/i18n/index.ts';
import { LANGUAGE_OPTIONS, type LanguageChoice } from '@web/lib/i18n/languages.ts';
import { toast } from '@web/lib/ui.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The chosen language's check (kept here, not in components/Icons: this page is lazy, the icons are not). */
const check = (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="#1677ff"
    strokeWidth="2.5"
    aria-hidden="true"
  >
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </svg>
);

/** selectLan: the 12 language options; the choice applies at once and is remembered. */
export default function SelectLanguagePage() {
  const { t } = useTranslation();
  const current = useLanguageStore((s) => s.lang);
  const [busy, setBusy] = useState<LanguageChoice | null>(null);

  const choose = async (code: LanguageChoice) => {
    if (busy) return;
    setBusy(code);
    try {
      await setLanguage(code);
    } catch {
      toast(t('common.loadFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="page">
      <div className="menu card" role="listbox" aria-label={t('title.selectLan')}>
        {LANGUAGE_OPTIONS.map((option) => {
          const selected = option.code === current;
          return (
            <button
              key={option.code}
              type="button"
              role="option"
              aria-selected={selected}
              className="menu-item"
              data-testid={`lang-${option.code}`}
              onClick={() => void choose(option.code)}
            >
              <span>{option.code === 'system' ? t('language.system') : option.label}</span>
              {selected && check}
            </button>
          );
        })}
      </div>
    </div>
  );
}
