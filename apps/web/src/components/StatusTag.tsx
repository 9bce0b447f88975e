import type { ReactNode } from 'react';

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
