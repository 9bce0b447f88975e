import { useState } from 'react';

/**
 * The text an auditor writes with a decision (a note, or the reason the member reads): `missing` once a
 * decision that needs it was tried while it was empty, gone as soon as something is typed.
 */
export function useAuditNote() {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  return {
    text,
    missing,
    change: (value: string) => {
      setText(value);
      if (value.trim()) setMissing(false);
    },
    /** The text trimmed; null (and `missing`) when the decision needs it and it is empty. */
    take: (required: boolean): string | null => {
      const value = text.trim();
      if (required && !value) {
        setMissing(true);
        return null;
      }
      return value;
    },
    clear: () => setText(''),
  };
}

export type AuditNoteState = ReturnType<typeof useAuditNote>;
