/** A field's message (`.field-error`, test id `<field's test id>-error` unless given), under the field it is about. */
export function FieldError({
  id,
  testId,
  error,
  errorTestId,
}: {
  id: string;
  testId: string;
  error?: string | null;
  errorTestId?: string;
}) {
  if (!error) return null;
  return (
    <p id={id} className="field-error" role="alert" data-testid={errorTestId ?? `${testId}-error`}>
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
