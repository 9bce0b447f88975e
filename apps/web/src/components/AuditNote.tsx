import type { AuditNoteState } from '@web/lib/use-audit-note.ts';
import TextArea, { type TextAreaRef } from 'antd-mobile/es/components/text-area';
import { useEffect, useId, useRef } from 'react';
import { FieldError } from './FormMessages.tsx';

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
  const ref = useRef<TextAreaRef>(null);
  const errorId = useId();
  // antd-mobile puts aria-* props on its wrapper: the field error's link goes on the textarea itself.
  useEffect(() => {
    const field = ref.current?.nativeElement;
    if (!field) return;
    if (note.missing) {
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', errorId);
    } else {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
    }
  }, [note.missing, errorId]);
  return (
    <>
      <TextArea
        ref={ref}
        className="audit-note"
        data-testid={testId}
        placeholder={placeholder}
        value={note.text}
        maxLength={AUDIT_NOTE_MAX}
        rows={2}
        onChange={note.change}
      />
      <FieldError id={errorId} error={note.missing && requiredText} testId={requiredTestId} />
    </>
  );
}
