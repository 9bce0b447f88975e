import { DateField } from '@web/components/DateField.tsx';
import { FieldError } from '@web/components/FormMessages.tsx';
import { type FormEvent, Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditFilterDraft, type AuditFilters, EMPTY_DRAFT, readFilters } from '../model/filters.ts';

const TEXT_FIELDS = ['action', 'actor', 'target'] as const;

/**
 * The audit log's filters: action and target prefixes, the acting admin's address, a range of days. Checked here by
 * the server's own schema before asking; Clear shows everything again.
 */
export function AuditFilterForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AuditFilterDraft>(EMPTY_DRAFT);
  const [invalid, setInvalid] = useState<keyof AuditFilters | null>(null);
  const set = (field: keyof AuditFilters, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    if (invalid) setInvalid(null);
  };

  const message = invalid && t(`auditLog.filter.invalid.${invalid}`);
  const errorId = 'audit-log-filter-error';
  const fieldError = <FieldError id={errorId} error={message} testId={errorId} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readFilters(draft);
    if (!read.ok) {
      setInvalid(read.field);
      return;
    }
    setInvalid(null);
    onApply(read.filters);
  };

  return (
    <form
      className="card form audit-log-filters"
      data-testid="audit-log-filters"
      onSubmit={submit}
      noValidate
    >
      {TEXT_FIELDS.map((field) => (
        <Fragment key={field}>
          <label htmlFor={`audit-log-filter-${field}`}>
            <span>{t(`auditLog.filter.${field}`)}</span>
            <input
              id={`audit-log-filter-${field}`}
              className="input"
              data-testid={`audit-log-filter-${field}`}
              placeholder={t(`auditLog.filter.${field}Placeholder`)}
              value={draft[field]}
              autoComplete="off"
              spellCheck={false}
              maxLength={field === 'action' ? 64 : 128}
              aria-invalid={invalid === field}
              aria-describedby={invalid === field ? errorId : undefined}
              onChange={(e) => set(field, e.target.value)}
            />
          </label>
          {invalid === field && fieldError}
        </Fragment>
      ))}
      <div className="audit-log-days">
        <DateField
          label={t('auditLog.filter.from')}
          value={draft.from || null}
          onChange={(v) => set('from', v)}
          onClear={() => set('from', '')}
          clearLabel={t('auditLog.filter.clearDay')}
          testId="audit-log-filter-from"
          error={invalid === 'from' ? message : null}
        />
        <DateField
          label={t('auditLog.filter.to')}
          value={draft.to || null}
          onChange={(v) => set('to', v)}
          onClear={() => set('to', '')}
          clearLabel={t('auditLog.filter.clearDay')}
          testId="audit-log-filter-to"
          error={invalid === 'to' ? message : null}
        />
      </div>
      <div className="audit-log-filter-actions">
        <button type="submit" className="btn btn-primary" data-testid="audit-log-filter-apply">
          {t('auditLog.filter.apply')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          data-testid="audit-log-filter-clear"
          onClick={() => {
            setDraft(EMPTY_DRAFT);
            setInvalid(null);
            onApply({});
          }}
        >
          {t('auditLog.filter.clear')}
        </button>
      </div>
    </form>
  );
}
