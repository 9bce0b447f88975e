import { type ReactNode, useId } from 'react';

type Step = { label: string; disabled: boolean; onClick: () => void };

/**
 * A number typed or stepped with − and + (a fund's amount, a round's copies), its unit when given, and under it
 * the hint or, once the value is not one the form takes, the field's message in its place (`aria-live`). The
 * test ids follow `testId`: `-minus`, `-plus`, `-message`.
 */
export function StepperField(props: {
  /** The field's class (its own spacing and sizes). */
  className: string;
  label: string;
  testId: string;
  inputMode: 'decimal' | 'numeric';
  maxLength: number;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
  unit?: string;
  less: Step;
  more: Step;
  message: string | null;
  hint: ReactNode;
}) {
  const id = useId();
  const messageId = useId();
  const { less, more, message } = props;
  return (
    <div className={props.className}>
      <label htmlFor={id} className="stepper-label">
        {props.label}
      </label>
      <div className="stepper-row">
        <StepButton step={less} sign="−" testId={`${props.testId}-minus`} />
        <input
          id={id}
          className="input stepper-input"
          inputMode={props.inputMode}
          autoComplete="off"
          maxLength={props.maxLength}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={message !== null}
          aria-describedby={messageId}
          data-testid={props.testId}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
        />
        {props.unit && <span className="amount-unit">{props.unit}</span>}
        <StepButton step={more} sign="+" testId={`${props.testId}-plus`} />
      </div>
      <p
        id={messageId}
        className={message ? 'field-error' : 'muted small'}
        aria-live="polite"
        data-testid={`${props.testId}-message`}
      >
        {message ?? props.hint}
      </p>
    </div>
  );
}

function StepButton({ step, sign, testId }: { step: Step; sign: string; testId: string }) {
  return (
    <button
      type="button"
      className="btn btn-secondary stepper-step"
      aria-label={step.label}
      data-testid={testId}
      disabled={step.disabled}
      onClick={step.onClick}
    >
      {sign}
    </button>
  );
}
