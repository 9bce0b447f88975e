import type { ReactNode } from 'react';

/**
 * One label/value row of a `dl.rows` whose label is not simply a field's name (it carries a value, such as
 * a fee's rate) or whose value's test id is its own; a record's plain fields are FieldRows.
 */
export function ValueRow({
  label,
  testId,
  children,
}: {
  label: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
