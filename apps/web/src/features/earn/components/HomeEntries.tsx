import { useTranslation } from 'react-i18next';
import { openPage } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';
import '../home-entries.css';

// Home's row of entries to simple earn, the launchpad and the exchange center: three small tiles, a glyph each
// (home is in the login route's JavaScript: a few lines, nothing loaded).
const ENTRIES = [
  { key: 'earn', to: paths.earn, glyph: 'M4 17h16M6 13h12M8 9h8M12 3v3' },
  { key: 'launchpad', to: paths.launchpad, glyph: 'M12 3c4 3 5 8 4 13H8C7 11 8 6 12 3ZM9 20h6' },
  { key: 'exchange', to: paths.exchange, glyph: 'M5 9h13l-4-4M19 15H6l4 4' },
] as const;

export function HomeEntries() {
  const { t } = useTranslation();
  return (
    <nav className="home-entries" aria-label={t('home.entries.label')} data-testid="home-entries">
      {ENTRIES.map((e) => (
        <button
          key={e.key}
          type="button"
          className="card home-entry"
          data-testid={`home-entry-${e.key}`}
          onClick={() => openPage(e.to)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d={e.glyph} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span>{t(`home.entries.${e.key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
