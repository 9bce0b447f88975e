import { useTranslation } from 'react-i18next';

/**
 * Grey placeholder lines where content is about to appear (instead of "Loading…" or dashes). Screen readers
 * hear the loading text; `rows` lines, the first `wide` ones full width, the last one shorter.
 */
export function Skeleton({
  rows = 3,
  testId,
  className,
}: {
  rows?: number;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div
      className={className ? `skeleton ${className}` : 'skeleton'}
      role="status"
      aria-busy="true"
      data-testid={testId}
    >
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}
