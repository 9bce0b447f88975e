import type { ReactNode } from 'react';

/**
 * A status in its colour (`.status-tag--<status in lower case>`, styles.css and the feature's CSS);
 * `data-status` holds the raw value for tests and e2e.
 */
export function StatusTag({ status, label, testId }: { status: string; label: ReactNode; testId?: string }) {
  return (
    <span
      className={`status-tag status-tag--${status.toLowerCase()}`}
      data-testid={testId}
      data-status={status}
    >
      {label}
    </span>
  );
}
