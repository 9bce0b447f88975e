import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackIcon } from './Icons.tsx';

export const NAV_BAR_HEIGHT = 46;

const barStyle: CSSProperties = {
  position: 'sticky',
  top: 0,
  zIndex: 100,
  display: 'flex',
  alignItems: 'center',
  height: `${NAV_BAR_HEIGHT}px`,
  paddingTop: 'env(safe-area-inset-top)',
  backgroundColor: '#ffffff',
  borderBottom: '1px solid #eeeeee',
  color: '#1a1a1a',
};

const sideStyle: CSSProperties = { width: '56px', flex: 'none', display: 'flex', alignItems: 'center' };

/** The custom navigation bar on every page: centred title, back arrow on non-tab pages. */
export function NavBar({ title, onBack, right }: { title: string; onBack?: () => void; right?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header style={barStyle}>
      <div style={sideStyle}>
        {onBack && (
          <button
            type="button"
            data-testid="nav-back"
            aria-label={t('nav.back')}
            onClick={onBack}
            style={{
              border: 0,
              background: 'transparent',
              padding: '0 12px',
              // a 44 px tap target (WCAG 2.5.5 / Lighthouse), inside the 46 px bar
              minWidth: '44px',
              minHeight: '44px',
              color: 'inherit',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              cursor: 'pointer',
            }}
          >
            <BackIcon size={22} />
          </button>
        )}
      </div>
      <h1
        data-testid="nav-title"
        style={{
          flex: 1,
          margin: 0,
          textAlign: 'center',
          fontSize: '17px',
          fontWeight: 600,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {title}
      </h1>
      <div style={{ ...sideStyle, justifyContent: 'flex-end' }}>{right}</div>
    </header>
  );
}
