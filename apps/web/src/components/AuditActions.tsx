import type { ReactNode } from 'react';

/** One decision button of an audit card: `btn-primary` or `btn-danger`, and whether it is disabled. */
export interface AuditActionButton<K extends string> {
  key: K;
  label: ReactNode;
  look: 'primary' | 'danger';
  disabled?: boolean;
}

/**
 * The decision buttons at the foot of an audit card (orders, withdrawals), in the order given, each
 * `<testIdPrefix>-<key>`.
 */
export function AuditActions<K extends string>({
  actions,
  testIdPrefix,
  onAction,
}: {
  actions: readonly AuditActionButton<K>[];
  testIdPrefix: string;
  onAction: (key: K) => void;
}) {
  return (
    <div className="audit-actions">
      {actions.map((action) => (
        <button
          key={action.key}
          type="button"
          className={`btn btn-${action.look} btn-small`}
          data-testid={`${testIdPrefix}-${action.key}`}
          disabled={action.disabled}
          onClick={() => onAction(action.key)}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
