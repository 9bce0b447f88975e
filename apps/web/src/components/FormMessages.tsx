/**
 * A field's message (`.field-error`) under the field it is about, while there is one; `id` is what the field's
 * `aria-describedby` names.
 */
export function FieldError({
  id,
  error,
  testId,
}: {
  id: string;
  error?: string | null | false;
  testId: string;
}) {
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert" data-testid={testId}>
      {error}
    </p>
  );
}

/** A message about the whole form (`.error-text`), directly above its main button. */
export function FormError({ error, testId }: { error: string | null | undefined; testId: string }) {
  if (!error) return null;
  return (
    <p className="error-text" role="alert" data-testid={testId}>
      {error}
    </p>
  );
}
