import { FieldError, FormError } from '@web/components/FormMessages.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled password input of the wallet's forms, with the form's message about it (`error`) under it. */
export function PasswordField(props: {
  label: string;
  testId: string;
  autoComplete: 'new-password' | 'current-password';
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const errorId = useId();
  return (
    <>
      <label>
        <span>{props.label}</span>
        <input
          className="input"
          type="password"
          data-testid={props.testId}
          autoComplete={props.autoComplete}
          value={props.value}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </label>
      <FieldError id={errorId} error={props.error} testId={`${props.testId}-error`} />
    </>
  );
}

/**
 * An address field of the sending pages (send's recipient, the sweep's target): typed as-is (no autocorrect), its
 * message under it, and the warning about that address (itself, a token contract, a contract) after.
 */
export function AddressField(props: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  error: string | null;
  /** The key of a `localWalletPages.send.warnings` text. */
  warning: string | null;
  warningTestId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = useId();
  return (
    <>
      <label htmlFor={id}>
        <span>{props.label}</span>
      </label>
      <input
        id={id}
        className="input send-recipient"
        data-testid={props.testId}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="0x…"
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError id={errorId} error={props.error} testId={`${props.testId}-error`} />
      {props.warning && (
        <p
          className="notice send-warning small"
          role="status"
          data-testid={props.warningTestId}
          data-warning={props.warning}
        >
          {t(`localWalletPages.send.warnings.${props.warning}`)}
        </p>
      )}
    </>
  );
}

/** The last action's failure, in words (the local wallet's pages: test id `local-error`). */
export function ActionError({ error }: { error: string | null }) {
  return <FormError error={error} testId="local-error" />;
}

/**
 * A secret typed into a form (the private key to import): a password input, so it is not shown nor kept by the
 * browser, with a Show / Hide toggle (a button with its own name and `aria-pressed`) to check what was pasted.
 */
export function SecretField(props: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const id = useId();
  const errorId = useId();
  return (
    <div className="secret-field">
      <label htmlFor={id}>{props.label}</label>
      <div className="secret-field__row">
        <input
          id={id}
          className="input"
          type={shown ? 'text' : 'password'}
          data-testid={props.testId}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={props.value}
          placeholder={props.placeholder}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? errorId : undefined}
          onChange={(e) => props.onChange(e.target.value)}
        />
        <button
          type="button"
          className="secret-field__toggle"
          data-testid={`${props.testId}-toggle`}
          aria-pressed={shown}
          aria-controls={id}
          aria-label={t(shown ? 'localWallet.hideKey' : 'localWallet.showKey')}
          onClick={() => setShown((s) => !s)}
        >
          <EyeIcon off={shown} />
        </button>
      </div>
      <FieldError id={errorId} error={props.error} testId={`${props.testId}-error`} />
    </div>
  );
}

/** The toggle's eye, open (the secret is hidden: Show) or struck through (it is shown: Hide). */
function EyeIcon({ off }: { off: boolean }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {off ? (
        <>
          <path d="M3 3l18 18" />
          <path d="M10.6 5.1A10.8 10.8 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
          <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
        </>
      ) : (
        <>
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
          <circle cx="12" cy="12" r="3" />
        </>
      )}
    </svg>
  );
}
