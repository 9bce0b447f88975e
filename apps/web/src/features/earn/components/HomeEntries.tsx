import { useTranslation } from 'react-i18next';
import { openPage } from '../../../lib/navigation.ts';
import { paths } from '../../../lib/paths.ts';
import '../home-entries.css';

// Home's row of entries to simple earn, the launchpad and the exchange center: three small tiles, a glyph each
// (home is in the login route's JavaScript: a few lines, nothing loaded).
const ENTRIES = [
  {
    key: 'earn',
    to: paths.earn,
    glyph: 'M6 18 18 6M9 7a2 2 0 1 1-4 0 2 2 0 0 1 4 0m10 10a2 2 0 1 1-4 0 2 2 0 0 1 4 0',
  },
  {
    key: 'launchpad',
    to: paths.launchpad,
    glyph:
      'M12 3c3 2.5 4.3 6 3.6 11H8.4C7.7 9 9 5.5 12 3Zm0 6h.01M8.4 14 6 18l3-1.5m6.6-2.5 2.4 4-3-1.5M10.5 18 12 21l1.5-3',
  },
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
            <path
              d={e.glyph}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{t(`home.entries.${e.key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
