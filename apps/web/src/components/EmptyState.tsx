import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The "No Data Available" state of pages and lists that have nothing to show yet. */
export function EmptyState({ description, children }: { description?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    // The muted text colour (WCAG AA on the page background; #999999 was 2.6:1).
    <div
      data-testid="empty-state"
      style={{ padding: '64px 24px', textAlign: 'center', color: 'var(--app-muted)' }}
    >
      <svg width="72" height="72" viewBox="0 0 72 72" fill="none" aria-hidden="true">
        <rect x="14" y="20" width="44" height="34" rx="4" stroke="#cccccc" strokeWidth="2" />
        <path d="M14 32h14l3 6h10l3-6h14" stroke="#cccccc" strokeWidth="2" />
      </svg>
      <p style={{ margin: '12px 0 0', fontSize: '14px' }}>{description ?? t('common.noData')}</p>
      {/* An action under the text, spaced from it (right under the text, it read as one block). */}
      {children && <div style={{ marginTop: 16 }}>{children}</div>}
    </div>
  );
}
