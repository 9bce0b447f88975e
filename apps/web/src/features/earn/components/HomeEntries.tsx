import { openPage } from '@web/lib/navigation.ts';
import { paths } from '@web/lib/paths.ts';
import { useTranslation } from 'react-i18next';
import '../home-entries.css';

// Home's row of entries to simple earn, the launchpad and the exchange center: three small tiles with a glyph each
// (drawn by home-entries.css: home is in the login route's JavaScript, which has a budget).
const ENTRIES = [
  ['earn', paths.earn],
  ['launchpad', paths.launchpad],
  ['exchange', paths.exchange],
] as const;

export function HomeEntries() {
  const { t } = useTranslation();
  return (
    <nav className="home-entries" aria-label={t('home.entries.label')} data-testid="home-entries">
      {ENTRIES.map(([key, to]) => (
        <button
          key={key}
          type="button"
          className={`card home-entry home-entry--${key}`}
          data-testid={`home-entry-${key}`}
          onClick={() => openPage(to)}
        >
          <span className="home-entry__glyph" aria-hidden="true" />
          <span>{t(`home.entries.${key}`)}</span>
        </button>
      ))}
    </nav>
  );
}
