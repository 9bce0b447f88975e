import { type ReactNode, useId } from 'react';
import { FieldError } from './FormMessages.tsx';

/**
 * An amount typed as text (decimal keypad, no autofill), its unit when the label does not say it, the button that
 * fills it (Max / All), and its one message under it (README "Field and form errors").
 */
export function AmountField(props: {
  label: ReactNode;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  maxLength: number;
  disabled: boolean;
  error: string | null | undefined;
  /** The message's test id when it is not `<testId>-error`. */
  errorTestId?: string;
  unit?: string;
  fill: { label: string; testId: string; disabled: boolean; onClick: () => void };
}) {
  const id = useId();
  const errorId = useId();
  const { fill, error } = props;
  return (
    <>
      <label htmlFor={id}>
        <span>{props.label}</span>
      </label>
      <div className="amount-field">
        <input
          id={id}
          className="input"
          data-testid={props.testId}
          inputMode="decimal"
          autoComplete="off"
          maxLength={props.maxLength}
          placeholder={props.placeholder}
          value={props.value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.value)}
        />
        {props.unit && (
          <span className="amount-unit" aria-hidden="true">
            {props.unit}
          </span>
        )}
        <button
          type="button"
          className="btn-link amount-fill"
          data-testid={fill.testId}
          disabled={fill.disabled}
          onClick={fill.onClick}
        >
          {fill.label}
        </button>
      </div>
      <FieldError id={errorId} error={error} testId={props.errorTestId ?? `${props.testId}-error`} />
    </>
  );
}
