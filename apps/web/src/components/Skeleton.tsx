import { useTranslation } from 'react-i18next';

/**
 * Grey placeholder lines where content is about to appear (instead of "Loading…" or dashes). Screen readers
 * hear the loading text; `rows` lines, the last one shorter. `inline`: one short line inside a text (a
 * figure in a paragraph or a value cell), as a span.
 */
export function Skeleton({
  rows = 3,
  testId,
  className,
  inline,
}: {
  rows?: number;
  testId?: string;
  className?: string;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const Tag = inline ? 'span' : 'div';
  const classes = ['skeleton', inline && 'skeleton--inline', className].filter(Boolean).join(' ');
  return (
    <Tag className={classes} role="status" aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">{t('common.loading')}</span>
      {Array.from({ length: inline ? 1 : rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
        <span key={i} className="skeleton-line" aria-hidden="true" />
      ))}
    </Tag>
  );
}
