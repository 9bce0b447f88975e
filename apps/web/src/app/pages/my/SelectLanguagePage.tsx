import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/Icons.tsx';
import { setLanguage, useLanguageStore } from '../../../lib/i18n/index.ts';
import { LANGUAGE_OPTIONS, type LanguageChoice } from '../../../lib/i18n/languages.ts';
import { toast } from '../../../lib/ui.ts';

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
              {selected && <CheckIcon />}
            </button>
          );
        })}
      </div>
    </div>
  );
}
