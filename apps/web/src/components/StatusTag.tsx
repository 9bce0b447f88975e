import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The colour of a status (styles.css `.tone-*`): under way blue, waiting amber, done green, refused red, over grey. */
export type StatusTone = 'info' | 'warning' | 'success' | 'danger' | 'neutral';

/**
 * A status in its colour: its `tone`, or `.status-tag--<status in lower case>` (styles.css and the feature's CSS);
 * `data-status` holds the raw value for tests and e2e.
 */
export function StatusTag({
  status,
  label,
  testId,
  tone,
}: {
  status: string;
  label: ReactNode;
  testId?: string;
  tone?: StatusTone;
}) {
  return (
    <span
      className={`status-tag status-tag--${status.toLowerCase()}${tone ? ` tone-${tone}` : ''}`}
      data-testid={testId}
      data-status={status}
    >
      {label}
    </span>
  );
}

/**
 * The status tag of one kind of record: its values' class `<prefix>-<value>`, their texts under `textKey`, each value's
 * tone. One component per kind, declared as a table.
 */
export function statusTagOf<S extends string>(prefix: string, textKey: string, tones: Record<S, StatusTone>) {
  return function KindStatusTag({ status, testId }: { status: S; testId?: string }) {
    const { t } = useTranslation();
    const key: string = `${textKey}.${status}`;
    return <StatusTag status={`${prefix}-${status}`} label={t(key)} testId={testId} tone={tones[status]} />;
  };
}
