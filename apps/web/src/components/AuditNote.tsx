import TextArea from 'antd-mobile/es/components/text-area';
import type { AuditNoteState } from '../lib/use-audit-note.ts';

/** The note's and the reason's length limit on the audit pages (the server's as well). */
export const AUDIT_NOTE_MAX = 500;

/** The text field of an audit card (`useAuditNote`), with the message when a decision needs it and it is empty. */
export function AuditNote({
  note,
  testId,
  placeholder,
  requiredTestId,
  requiredText,
}: {
  note: AuditNoteState;
  testId: string;
  placeholder: string;
  requiredTestId: string;
  requiredText: string;
}) {
  return (
    <>
      <TextArea
        className="audit-note"
        data-testid={testId}
        placeholder={placeholder}
        value={note.text}
        maxLength={AUDIT_NOTE_MAX}
        rows={2}
        onChange={note.change}
      />
      {note.missing && (
        <p className="error-text" role="alert" data-testid={requiredTestId}>
          {requiredText}
        </p>
      )}
    </>
  );
}
