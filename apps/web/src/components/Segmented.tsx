import type { KeyboardEvent, ReactNode } from 'react';

/**
 * One choice out of a few, as buttons in a row: `segmented` (joined, like a switch) or `chips` (spaced, wrapping,
 * so every option stays in sight at 390 px). Each option is `<testIdPrefix>-<key>`, the chosen one
 * `aria-selected`; choosing the chosen one again does nothing. With `radio` (a value of a form, not a view of a
 * list) it is a real radio group for screen readers: `radiogroup` of `radio`s, the chosen one `aria-checked` and
 * the one in the tab order, the arrow keys moving the choice.
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
  radio = false,
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
  radio?: boolean;
}) {
  const classes = [variant === 'segmented' ? 'segmented' : 'chips', className].filter(Boolean).join(' ');
  const moveBy = (step: 1 | -1, from: HTMLElement) => {
    const at = options.findIndex((o) => o.key === value);
    const next = options[(at + step + options.length) % options.length];
    if (!next || next.key === value) return;
    onChange(next.key);
    const buttons = from.parentElement?.querySelectorAll<HTMLButtonElement>('[role="radio"]');
    buttons?.[options.indexOf(next)]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (!radio || disabled) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') moveBy(1, e.currentTarget);
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') moveBy(-1, e.currentTarget);
    else return;
    e.preventDefault();
  };
  return (
    <div
      className={classes}
      {...{ role: radio ? 'radiogroup' : 'tablist', 'aria-label': label }}
      data-testid={testId}
    >
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          // A radio is checked, a tab selected: each role with its own state.
          {...(radio
            ? { role: 'radio', 'aria-checked': option.key === value }
            : { role: 'tab', 'aria-selected': option.key === value })}
          tabIndex={radio && option.key !== value ? -1 : undefined}
          className={variant === 'chips' ? 'chip' : undefined}
          data-testid={`${testIdPrefix}-${option.key}`}
          disabled={disabled}
          onKeyDown={onKeyDown}
          onClick={() => option.key !== value && onChange(option.key)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
