import type { ReactNode } from 'react';

/**
 * One choice out of a few, as buttons in a row: `segmented` (joined, like a switch) or `chips` (spaced, wrapping,
 * so every option stays in sight at 390 px). Each option is `<testIdPrefix>-<key>`, the chosen one
 * `aria-selected`; choosing the chosen one again does nothing.
 */
export function Segmented<K extends string | number>({
  options,
  value,
  onChange,
  label,
  testIdPrefix,
  variant = 'segmented',
  className,
  disabled,
  testId,
}: {
  options: readonly { key: K; label: ReactNode }[];
  value: K | undefined;
  onChange: (key: K) => void;
  /** The accessible name of the group. */
  label?: string;
  testIdPrefix: string;
  variant?: 'segmented' | 'chips';
  className?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const classes = [variant === 'segmented' ? 'segmented' : 'chips', className].filter(Boolean).join(' ');
  return (
    <div className={classes} role="tablist" aria-label={label} data-testid={testId}>
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          role="tab"
          aria-selected={option.key === value}
          className={variant === 'chips' ? 'chip' : undefined}
          data-testid={`${testIdPrefix}-${option.key}`}
          disabled={disabled}
          onClick={() => option.key !== value && onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
