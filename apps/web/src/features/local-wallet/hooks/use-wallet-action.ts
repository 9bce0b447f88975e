import { errorText } from '@web/lib/errors.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A field of the wallet's forms that a failure can be about (shown under it, not above the button). */
export type WalletField = 'key' | 'file' | 'filePassword' | 'password' | 'confirm';

/** A form's own check that failed on one field, with its translated text. */
export class WalletFieldError extends Error {
  override name = 'WalletFieldError';
  constructor(
    readonly field: WalletField,
    text: string,
  ) {
    super(text);
  }
}

/** A form's own checks that failed on several fields at once, each with its translated text. */
export class WalletFieldErrors extends Error {
  override name = 'WalletFieldErrors';
  constructor(readonly fields: Partial<Record<WalletField, string>>) {
    super(Object.values(fields).join(' '));
  }
}

/** Which field a failure is about: a WalletFieldError's, or the field `fields` names for the error's `name`. */
const fieldOf = (error: unknown, fields: Partial<Record<string, WalletField>>): WalletField | null => {
  if (error instanceof WalletFieldError) return error.field;
  return (error instanceof Error && fields[error.name]) || null;
};

/**
 * One wallet action at a time: `run` ignores a call while another runs, clears the last error and
 * keeps the translated text of a failure for the page to show, with the field it is about (`fields`: error
 * names, e.g. WrongPasswordError, to the field they concern) or null for the whole form.
 */
export function useWalletAction() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{
    text: string;
    field: WalletField | null;
    fields?: Partial<Record<WalletField, string>>;
  } | null>(null);

  const run = async (action: () => Promise<void>, fields: Partial<Record<string, WalletField>> = {}) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (e) {
      if (e instanceof WalletFieldErrors) {
        const [first] = Object.keys(e.fields) as WalletField[];
        setFailure({ text: e.message, field: first ?? null, fields: e.fields });
      } else setFailure({ text: errorText(e, t), field: fieldOf(e, fields) });
    } finally {
      setBusy(false);
    }
  };
  /** The message about `field`: one of several at once, or the single failure's when it is about that field. */
  const errorOn = (field: WalletField): string | null =>
    failure?.fields ? (failure.fields[field] ?? null) : failure?.field === field ? failure.text : null;
  return { busy, error: failure?.text ?? null, errorField: failure?.field ?? null, errorOn, run };
}
