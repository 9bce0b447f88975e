import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One row: the field's name (its label is translated under the list's `labelPrefix`) and what it shows. */
export type FieldRow = readonly [field: string, value: ReactNode];

/**
 * A record's fields as label/value rows (`dl.rows`): each label is `t('<labelPrefix>.<field>')`, each value
 * `<testIdPrefix>-<field>` when a prefix is given (detail pages, for tests and e2e).
 */
export function FieldRows({
  rows,
  labelPrefix,
  testIdPrefix,
}: {
  rows: readonly FieldRow[];
  labelPrefix: string;
  testIdPrefix?: string;
}) {
  const { t } = useTranslation();
  return (
    <dl className="rows">
      {rows.map(([field, value]) => (
        <div className="row" key={field}>
          <dt>{t(`${labelPrefix}.${field}`)}</dt>
          <dd data-testid={testIdPrefix && `${testIdPrefix}-${field}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
