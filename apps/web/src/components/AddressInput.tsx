/**
 * A wallet address typed or pasted by hand: no autocomplete or spell check, 64 characters at most. When `invalid`
 * it says so and names its message, the `FieldError` whose id is `${id}-error`.
 */
export function AddressInput({
  id,
  testId,
  className = 'input',
  placeholder,
  value,
  invalid,
  onChange,
}: {
  id: string;
  testId: string;
  className?: string;
  placeholder: string;
  value: string;
  invalid: boolean;
  onChange: (next: string) => void;
}) {
  return (
    <input
      id={id}
      className={className}
      data-testid={testId}
      placeholder={placeholder}
      value={value}
      autoComplete="off"
      spellCheck={false}
      maxLength={64}
      aria-invalid={invalid}
      aria-describedby={invalid ? `${id}-error` : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
